import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildUser, errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import {
  EVM_ADDRESS,
  TRON_ADDRESS,
  buildApplication,
  buildStanding,
  buildVendor,
  serveStanding,
} from '../test/vendor-fixtures';
import { VendorApplyPage } from './vendor-apply-page';

const LOAD = { timeout: 10_000 };

const open = () => renderInApp(<VendorApplyPage />, { path: '/vendor/apply', at: '/vendor/apply' });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, LOAD);
/** The form is there (the heading says "Become a vendor" while loading too). */
const formShown = () => screen.findByRole('button', { name: 'Send application' }, LOAD);

describe('the vendor application page', () => {
  it('shows a skeleton while it reads where I stand, then the form', async () => {
    signIn();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serveStanding(() => HttpResponse.json({ data: buildStanding() }));
    server.use(
      http.get('/api/vendor/application', async () => {
        await answered;
        return HttpResponse.json({ data: buildStanding() });
      }),
    );
    open();
    expect(
      await screen.findByRole('status', { name: 'Loading your vendor application' }, LOAD),
    ).toBeInTheDocument();
    answer();
    await formShown();
    expect(screen.getByRole('heading', { level: 1, name: 'Become a vendor' })).toBeInTheDocument();
    expect(document.title).toBe('Become a vendor · CrimsonHost');
  });

  it('says when it could not be read, and reads again on Retry', async () => {
    signIn();
    let fail = true;
    serveStanding(() =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The server failed.'), { status: 500 })
        : HttpResponse.json({ data: buildStanding() }),
    );
    const { user } = open();
    expect(
      await screen.findByText('Your vendor application could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('button', { name: 'Send application' }, LOAD),
    ).toBeInTheDocument();
  });

  it('sends the application and then shows it waiting for review', async () => {
    signIn(buildUser({ email: 'zoe@example.com' }));
    serveStanding(buildStanding());
    let sent: unknown;
    server.use(
      http.post('/api/vendor/applications', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            data: buildStanding({
              canApply: false,
              vendor: buildVendor({ status: 'PENDING', payoutAddresses: [] }),
              application: buildApplication({
                displayName: 'Zoe Servers',
                contactEmail: 'zoe@example.com',
                games: ['valheim'],
                regions: ['nyc'],
                payoutAddresses: [{ network: 'TRC20', address: TRON_ADDRESS }],
              }),
            }),
          },
          { status: 201 },
        );
      }),
    );
    const { user } = open();
    await user.click(await screen.findByLabelText('Business or display name', {}, LOAD));
    await user.paste('  Zoe Servers ');
    await user.click(screen.getByRole('checkbox', { name: 'Valheim' }));
    await user.click(screen.getByRole('combobox', { name: 'Regions you host in' }));
    const option = (await screen.findAllByTitle('New York, United States', {}, LOAD)).find(
      (element) => element.classList.contains('ant-select-item-option'),
    )!;
    await user.click(option);
    await user.click(screen.getByLabelText('TRC20 (Tron)'));
    await user.paste(TRON_ADDRESS);
    await user.click(screen.getByRole('checkbox', { name: /I accept the vendor terms/ }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    await heading('Your vendor application');
    expect(sent).toEqual({
      displayName: 'Zoe Servers',
      contactEmail: 'zoe@example.com',
      games: ['valheim'],
      regions: ['nyc'],
      payoutAddresses: { TRC20: TRON_ADDRESS },
      acceptTerms: true,
    });
    expect(screen.getByText('Your application is waiting for review')).toBeInTheDocument();
    expect(await screen.findByText('Your application was sent.')).toBeInTheDocument();
  });

  it('shows a waiting application with what was sent and its date', async () => {
    signIn();
    serveStanding(
      buildStanding({
        canApply: false,
        vendor: buildVendor({ status: 'PENDING', payoutAddresses: [] }),
        application: buildApplication({
          payoutAddresses: [
            { network: 'TRC20', address: TRON_ADDRESS },
            { network: 'BEP20', address: EVM_ADDRESS },
          ],
        }),
      }),
    );
    open();
    await heading('Your vendor application');
    const card = screen
      .getByText('Your application is waiting for review')
      .closest('.surface-card')!;
    const details = within(card as HTMLElement);
    expect(details.getByText('Nordic Frag Hosting')).toBeInTheDocument();
    expect(details.getByText('hosting@nordicfrag.example')).toBeInTheDocument();
    expect(details.getByText('Minecraft, Rust')).toBeInTheDocument();
    expect(await details.findByText('Frankfurt, Germany')).toBeInTheDocument();
    expect(details.getByText(TRON_ADDRESS)).toBeInTheDocument();
    expect(details.getByText(EVM_ADDRESS)).toBeInTheDocument();
    expect(details.getByText('Version 2026-11-25, accepted')).toBeInTheDocument();
    for (const time of details.getAllByText('20 November 2026')) {
      expect(time).toHaveAttribute('datetime', '2026-11-20T10:00:00.000Z');
    }
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
  });

  it('shows an active vendor their payout addresses and the way to the vendor area', async () => {
    signIn(buildUser({ role: 'vendor' }));
    serveStanding(
      buildStanding({
        canApply: false,
        vendor: buildVendor(),
        application: buildApplication({ status: 'APPROVED' }),
      }),
    );
    open();
    await heading('Your vendor account');
    expect(screen.getByRole('heading', { name: 'You are a vendor' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('ERC20 (Ethereum)')).toBeInTheDocument();
    expect(screen.getByText(EVM_ADDRESS)).toBeInTheDocument();
    expect(screen.getByText('21 November 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'vendor area' })).toHaveAttribute('href', '/vendor');
  });

  it('puts the reason of a rejection above the form, filled in to correct', async () => {
    signIn();
    serveStanding(
      buildStanding({
        canApply: true,
        application: buildApplication({
          status: 'REJECTED',
          decidedAt: '2026-11-22T15:00:00.000Z',
          decisionReason: 'The payout address belongs to an exchange',
        }),
      }),
    );
    open();
    await formShown();
    const notice = screen
      .getByText('Your last application was not approved')
      .closest('.ant-alert')!;
    expect(notice).toHaveTextContent(
      'Reason: The payout address belongs to an exchange. Decided on 22 November 2026.',
    );
    expect(screen.getByLabelText('Business or display name')).toHaveValue('Nordic Frag Hosting');
    expect(screen.getByLabelText('TRC20 (Tron)')).toHaveValue(TRON_ADDRESS);
    expect(screen.getByRole('checkbox', { name: 'Rust' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /I accept the vendor terms/ })).not.toBeChecked();
  });

  it.each([
    ['SUSPENDED', 'Your vendor account is suspended', /listings are out of the catalog/],
    ['CLOSED', 'Your vendor account is closed', /no longer in the catalog/],
  ] as const)(
    'shows a %s vendor the reason and the way to support',
    async (status, title, text) => {
      signIn(buildUser({ role: 'vendor' }));
      serveStanding(
        buildStanding({
          canApply: false,
          vendor: buildVendor({ status, statusReason: 'Listed servers that did not exist' }),
          application: buildApplication({ status: 'APPROVED' }),
        }),
      );
      open();
      await heading('Your vendor account');
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText('Listed servers that did not exist')).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Write to support' })).toHaveAttribute(
        'href',
        '/support',
      );
      expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
    },
  );

  it('opens the form again under the closing of a vendor account when allowed', async () => {
    signIn(buildUser({ role: 'vendor' }));
    serveStanding(
      buildStanding({
        canApply: true,
        vendor: buildVendor({ status: 'CLOSED', statusReason: 'Closed at your request' }),
        application: buildApplication({ status: 'APPROVED' }),
      }),
    );
    open();
    await formShown();
    expect(
      screen.getByText('Your vendor account is closed').closest('.ant-alert'),
    ).toHaveTextContent('Reason: Closed at your request. You can apply again below.');
    expect(screen.getByRole('button', { name: 'Send application' })).toBeInTheDocument();
  });

  it('tells a staff account that it cannot become a vendor', async () => {
    signIn(buildUser({ role: 'support' }));
    serveStanding(buildStanding({ canApply: false }));
    open();
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Applications are not open to this account' },
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/Staff accounts cannot become vendors/)).toBeInTheDocument();
  });

  it('after a 409, shows the application that was already waiting', async () => {
    signIn();
    let standing = buildStanding();
    const reads = serveStanding(() => HttpResponse.json({ data: standing }));
    server.use(
      http.post('/api/vendor/applications', () =>
        HttpResponse.json(
          errorBody('APPLICATION_PENDING', 'An application of yours is already waiting'),
          { status: 409 },
        ),
      ),
    );
    const { user } = open();
    await user.click(await screen.findByLabelText('Business or display name', {}, LOAD));
    await user.paste('Frag');
    await user.click(screen.getByRole('checkbox', { name: 'Rust' }));
    await user.click(screen.getByRole('combobox', { name: 'Regions you host in' }));
    const option = (await screen.findAllByTitle('Frankfurt, Germany', {}, LOAD)).find((element) =>
      element.classList.contains('ant-select-item-option'),
    )!;
    await user.click(option);
    await user.click(screen.getByLabelText('BEP20 (BNB Smart Chain)'));
    await user.paste(EVM_ADDRESS);
    await user.click(screen.getByRole('checkbox', { name: /I accept the vendor terms/ }));
    await user.click(screen.getByRole('button', { name: 'Send application' }));

    expect(
      await screen.findByText('You already have an application waiting for review', {}, LOAD),
    ).toBeInTheDocument();
    standing = buildStanding({ canApply: false, application: buildApplication() });
    const before = reads.count;
    await user.click(screen.getByRole('button', { name: 'Show my application' }));
    await heading('Your vendor application');
    expect(reads.count).toBeGreaterThan(before);
  });

  it('fits a 375 px phone: labels go above their values', async () => {
    setViewportWidth(375);
    signIn(buildUser({ role: 'vendor' }));
    serveStanding(
      buildStanding({
        canApply: false,
        vendor: buildVendor(),
        application: buildApplication({ status: 'APPROVED' }),
      }),
    );
    open();
    await heading('Your vendor account');
    // Vertical: the network's label has a row of its own, the address the row below it.
    const labelRow = screen.getByText('ERC20 (Ethereum)').closest('tr')!;
    expect(labelRow).not.toHaveTextContent(EVM_ADDRESS);
    expect(labelRow.nextElementSibling).toHaveTextContent(EVM_ADDRESS);
  });
});
