import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CreateTicketRequest } from '@crimsonhost/shared/support';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import {
  buildEndedRental,
  buildRental,
  rentalsAnswer,
  renderInApp,
  signIn,
} from '../../../test/rental-fixtures';
import { buildTicket } from '../../../test/support-fixtures';
import { buildTransaction, transactionPage } from '../../../test/wallet-fixtures';
import { buildArticle, emptyHistory, hitOf, serveSettings } from '../test/support-handlers';
import { NewTicketPage } from './new-ticket-page';

const LOAD = { timeout: 10_000 };
const open = (search = '') =>
  renderInApp(<NewTicketPage />, {
    path: '/support/tickets/new',
    at: `/support/tickets/new${search}`,
  });

/** My rentals and transactions to link, my settings, and no FAQ answer unless a test says. */
function serveForm({ rentals = [buildRental()], transactions = [buildTransaction()] } = {}) {
  const suggested: string[] = [];
  server.use(
    http.get('/api/rentals', () => HttpResponse.json(rentalsAnswer(rentals))),
    http.get('/api/wallet/transactions', () =>
      HttpResponse.json(transactions.length ? transactionPage(transactions) : emptyHistory),
    ),
    serveSettings({ defaultCategory: 'BILLING' }),
    http.get('/api/support/faq/suggestions', ({ request }) => {
      suggested.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({ data: [] });
    }),
  );
  return { suggested };
}

/** The Priority Select's option `label` in its open list. */
async function priorityOption(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Priority' }));
  return (await screen.findAllByTitle(label)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  )!;
}

type User = ReturnType<typeof open>['user'];

/** Puts `text` in a field at once (typing it key by key only slows the test). */
async function fill(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const messageBox = () => screen.getByLabelText('Message', { selector: 'textarea' });

/** What the Select labelled `label` shows as chosen. */
const selected = (label: string) =>
  screen.getByRole('combobox', { name: label }).closest('.ant-select')!;

describe('a new ticket', () => {
  it("says what is missing or too short in the spec's words", async () => {
    signIn();
    serveForm();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Send ticket' }, LOAD));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Subject'), 'Lag');
    expect(await screen.findByText('Subject must be at least 5 characters')).toBeInTheDocument();
    await fill(user, messageBox(), 'Too short');
    expect(await screen.findByText('Message must be at least 10 characters')).toBeInTheDocument();
    // The category starts as my support settings say.
    expect(selected('Category')).toHaveTextContent('Billing');
    expect(document.title).toBe('New ticket · CrimsonHost');
  });

  it('previews the message as Markdown before it is sent', async () => {
    signIn();
    serveForm();
    const { user } = open();
    await fill(
      user,
      await screen.findByLabelText('Message', { selector: 'textarea' }, LOAD),
      '**Bold** and [a link](https://example.com)',
    );
    await user.click(screen.getByText('Preview'));
    expect(screen.getByText('Bold', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'a link' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow',
    );
    await user.click(screen.getByText('Write'));
    expect(messageBox()).toHaveValue('**Bold** and [a link](https://example.com)');
  });

  it('offers Urgent only for an active rental, and sends the record chosen', async () => {
    signIn();
    const active = buildRental({ server: { ...buildRental().server, name: 'Lagging Rust' } });
    const ended = buildEndedRental('EXPIRED', {
      server: { ...buildRental().server, name: 'Old Valheim' },
    });
    serveForm({ rentals: [active, ended] });
    let sent: CreateTicketRequest | undefined;
    const created = buildTicket({ number: 77 });
    server.use(
      http.post('/api/support/tickets', async ({ request }) => {
        sent = (await request.json()) as CreateTicketRequest;
        return HttpResponse.json({ data: created }, { status: 201 });
      }),
    );
    const { user, router } = open(`?link=rental:${ended.id}`);
    await screen.findByText('Rental: Old Valheim (expired)', {}, LOAD);
    expect(
      screen.getByText(
        'Urgent is for a problem with an active rental: choose it under Related to.',
      ),
    ).toBeInTheDocument();
    expect(await priorityOption(user, 'Urgent')).toHaveClass('ant-select-item-option-disabled');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('combobox', { name: 'Related to' }));
    await user.click(await screen.findByTitle('Rental: Lagging Rust (active)'));
    const urgent = await priorityOption(user, 'Urgent');
    expect(urgent).not.toHaveClass('ant-select-item-option-disabled');
    await user.click(urgent);

    await fill(user, screen.getByLabelText('Subject'), 'Server down since noon');
    await fill(user, messageBox(), 'It does not start at all.');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/support/tickets/${created.id}`),
    );
    expect(sent).toMatchObject({
      subject: 'Server down since noon',
      category: 'RENTAL',
      priority: 'URGENT',
      rentalId: active.id,
      attachmentIds: [],
    });
    expect(sent?.transactionId).toBeUndefined();
    expect(await screen.findByText(/Ticket #77 is open/)).toBeInTheDocument();
  });

  it('shows the refusal of Urgent under the Priority field', async () => {
    signIn();
    const active = buildRental();
    serveForm({ rentals: [active] });
    server.use(
      http.post('/api/support/tickets', () =>
        HttpResponse.json(
          errorBody(
            'URGENT_NEEDS_ACTIVE_RENTAL',
            'Urgent is for a problem with an active rental: choose the rental this is about, or pick High.',
            { fields: [{ field: 'priority', message: 'Urgent needs an active rental linked' }] },
          ),
          { status: 422 },
        ),
      ),
    );
    const { user } = open(`?link=rental:${active.id}`);
    await screen.findByText(`Rental: ${active.server.name} (active)`, {}, LOAD);
    await user.click(await priorityOption(user, 'Urgent'));
    await fill(user, screen.getByLabelText('Subject'), 'Server down since noon');
    await fill(user, messageBox(), 'It does not start at all.');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    const message = await screen.findByText(/choose the rental this is about, or pick High/);
    expect(message.closest('.ant-form-item')).toBe(
      screen.getByRole('combobox', { name: 'Priority' }).closest('.ant-form-item'),
    );
  });

  it('links the transaction of ?link=, as a billing question', async () => {
    signIn();
    const payment = buildTransaction({ type: 'DEPOSIT', amount: '25.000000' });
    serveForm({ transactions: [payment] });
    open(`?link=transaction:${payment.id}`);
    expect(await screen.findByText(/^Deposit: 25\.00 USDT/, {}, LOAD)).toBeInTheDocument();
    expect(selected('Category')).toHaveTextContent('Billing');
  });

  it('says when the record of ?link= is not one of mine, and links nothing', async () => {
    signIn();
    serveForm();
    open('?link=rental:10000000-0000-4000-8000-999999999999');
    expect(
      await screen.findByText(/The record in the link is not one of your/, {}, LOAD),
    ).toBeInTheDocument();
    expect(selected('Related to')).toHaveTextContent('None');
  });

  it('shows the FAQ answers that match once typing pauses, and leaves the form when one answered it', async () => {
    signIn();
    const { suggested } = serveForm();
    const article = buildArticle({
      slug: 'late-payments',
      title: 'A payment that arrived late',
      body: 'It is **still credited** for what arrived.',
    });
    const deflected: string[] = [];
    server.use(
      http.get('/api/support/faq/suggestions', ({ request }) => {
        suggested.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({ data: [hitOf(article, 'late')] });
      }),
      http.post('/api/support/faq/articles/:id/deflections', ({ params }) => {
        deflected.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, router } = open();
    await user.type(await screen.findByLabelText('Subject', {}, LOAD), 'My deposit arrived late');
    const mark = await screen.findByText('late', { selector: 'mark' });
    // Asked once, for the whole text after the pause; never for one or two words.
    expect(suggested).toEqual(['My deposit arrived late']);
    await user.click(mark);
    expect(await screen.findByText('still credited', { selector: 'strong' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This answered my question' }));
    await waitFor(() => expect(deflected).toEqual([article.id]));
    expect(await screen.findByText('Glad that helped')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/support/faq'));
    expect(router.state.location.hash).toBe('#late-payments');
  });

  it('lets a visitor sign in, create an account, or write with an e-mail', async () => {
    let sent: unknown;
    server.use(
      http.post('/api/support/guest-tickets', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: { email: 'guest@example.com' } }, { status: 202 });
      }),
    );
    const { user } = open();
    expect(await screen.findByText('You are not signed in', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/support/tickets/new')}`,
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      `/register?redirectTo=${encodeURIComponent('/support/tickets/new')}`,
    );
    expect(screen.getByRole('link', { name: 'Browse the FAQ' })).toHaveAttribute(
      'href',
      '/support/faq',
    );
    // No record to link, no priority and no files without an account.
    expect(screen.queryByRole('combobox', { name: 'Related to' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Priority' })).toBeNull();

    await fill(user, screen.getByLabelText('E-mail'), 'guest@example.com');
    await fill(user, screen.getByLabelText('Subject'), 'Question before renting');
    await fill(user, messageBox(), 'Do you host ARK servers in Asia?');
    await user.click(screen.getByRole('button', { name: 'Send ticket' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(sent).toEqual({
      email: 'guest@example.com',
      subject: 'Question before renting',
      category: 'GENERAL',
      message: 'Do you host ARK servers in Asia?',
    });
  });
});
