import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { EVM_ADDRESS, REGIONS, TRON_ADDRESS } from '../test/vendor-fixtures';
import { VendorApplicationForm } from './vendor-application-form';

const LOAD = { timeout: 10_000 };

/** The form on its own, as a renter who never applied sees it; counts what it sends. */
function openForm() {
  signIn();
  const posts: unknown[] = [];
  server.use(
    http.get('/api/regions', () => HttpResponse.json({ data: REGIONS })),
    http.post('/api/vendor/applications', async ({ request }) => {
      posts.push(await request.json());
      return HttpResponse.json(errorBody('INTERNAL_ERROR', 'Not expected here'), { status: 500 });
    }),
  );
  const view = renderInApp(
    <VendorApplicationForm initialValues={{ contactEmail: 'renter@example.com' }} />,
    { path: '/vendor/apply', at: '/vendor/apply' },
  );
  return { ...view, posts };
}

type User = ReturnType<typeof openForm>['user'];

async function paste(user: User, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** The field's own block: its label, control and the messages under it. */
const itemOf = (label: string) =>
  screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

/** Fills every field right, leaving out those named in `skip`. */
async function fillIn(user: User, skip: string[] = []) {
  if (!skip.includes('name')) {
    await paste(user, await screen.findByLabelText('Business or display name', {}, LOAD), 'Frag');
  }
  if (!skip.includes('games')) {
    await user.click(screen.getByRole('checkbox', { name: 'Minecraft' }));
  }
  if (!skip.includes('regions')) {
    await user.click(screen.getByRole('combobox', { name: 'Regions you host in' }));
    const option = (await screen.findAllByTitle('Frankfurt, Germany', {}, LOAD)).find((element) =>
      element.classList.contains('ant-select-item-option'),
    )!;
    await user.click(option);
  }
  if (!skip.includes('address')) {
    await paste(user, screen.getByLabelText('ERC20 (Ethereum)'), EVM_ADDRESS);
  }
  if (!skip.includes('terms')) {
    await user.click(screen.getByRole('checkbox', { name: /I accept the vendor terms/ }));
  }
}

const send = (user: User) => user.click(screen.getByRole('button', { name: 'Send application' }));

describe('the vendor application form', () => {
  it("starts with the account's e-mail and links the terms in a new tab", async () => {
    openForm();
    expect(await screen.findByLabelText('Contact e-mail', {}, LOAD)).toHaveValue(
      'renter@example.com',
    );
    const terms = screen.getByRole('link', { name: 'vendor terms' });
    expect(terms).toHaveAttribute('href', '/policies/vendor-terms');
    expect(terms).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('group', { name: 'Games you host' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Payout addresses' })).toBeInTheDocument();
  });

  it('asks for a game when none is chosen', async () => {
    const { user, posts } = openForm();
    await fillIn(user, ['games']);
    await send(user);
    expect(
      await within(itemOf('Games you host')).findByText('Choose at least one game you host'),
    ).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('refuses a Tron address of the wrong shape under its field', async () => {
    const { user, posts } = openForm();
    await fillIn(user);
    await paste(user, screen.getByLabelText('TRC20 (Tron)'), 'T12345');
    await send(user);
    expect(
      await within(itemOf('TRC20 (Tron)')).findByText(
        'A Tron address starts with T and has 34 letters and digits',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('TRC20 (Tron)')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toHaveLength(0);
  });

  it('asks for at least one payout address, and stops asking once one is given', async () => {
    const { user, posts } = openForm();
    await fillIn(user, ['address']);
    await send(user);
    const group = screen.getByRole('group', { name: 'Payout addresses' });
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      'Give a payout address for at least one network',
    );
    expect(posts).toHaveLength(0);

    await paste(user, screen.getByLabelText('TRC20 (Tron)'), TRON_ADDRESS);
    await waitFor(() => expect(within(group).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('says so when no address is given and other fields are missing too', async () => {
    const { user } = openForm();
    await screen.findByLabelText('Business or display name', {}, LOAD);
    await send(user);
    expect(await screen.findByText('Business or display name is required')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one region you host in')).toBeInTheDocument();
    expect(screen.getByText('Give a payout address for at least one network')).toBeInTheDocument();
  });

  it('asks to accept the vendor terms', async () => {
    const { user, posts } = openForm();
    await fillIn(user, ['terms']);
    await send(user);
    expect(await screen.findByText('Accept the vendor terms to apply')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it("shows the server's checksum finding under the ERC20 field", async () => {
    const { user } = openForm();
    const sent: unknown[] = [];
    server.use(
      http.post('/api/vendor/applications', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          errorBody('VALIDATION_ERROR', 'payoutAddresses.ERC20: wrong checksum', {
            fields: [
              {
                field: 'payoutAddresses.ERC20',
                message:
                  'This Ethereum address has a wrong checksum: copy it again from your wallet',
              },
            ],
          }),
          { status: 400 },
        );
      }),
    );
    await fillIn(user);
    await send(user);
    expect(
      await within(itemOf('ERC20 (Ethereum)')).findByText(
        'This Ethereum address has a wrong checksum: copy it again from your wallet',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(sent).toEqual([
      {
        displayName: 'Frag',
        contactEmail: 'renter@example.com',
        games: ['minecraft'],
        regions: ['fra'],
        payoutAddresses: { ERC20: EVM_ADDRESS },
        acceptTerms: true,
      },
    ]);
    expect(screen.queryByText(/Some fields need attention/)).not.toBeInTheDocument();
  });

  it('tells clearly that an application already waits (409)', async () => {
    const { user } = openForm();
    server.use(
      http.post('/api/vendor/applications', () =>
        HttpResponse.json(
          errorBody('APPLICATION_PENDING', 'An application of yours is already waiting'),
          { status: 409 },
        ),
      ),
    );
    await fillIn(user);
    await send(user);
    const alert = (await screen.findAllByRole('alert', {}, LOAD)).find((element) =>
      element.textContent?.includes('You already have an application waiting for review'),
    );
    expect(alert).toBeDefined();
    expect(within(alert!).getByRole('button', { name: 'Show my application' })).toBeInTheDocument();
  });

  it('says why an account cannot apply (422)', async () => {
    const { user } = openForm();
    server.use(
      http.post('/api/vendor/applications', () =>
        HttpResponse.json(errorBody('CANNOT_APPLY', 'Staff accounts cannot become vendors.'), {
          status: 422,
        }),
      ),
    );
    await fillIn(user);
    await send(user);
    expect(
      await screen.findByText('This account cannot apply to become a vendor', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(/Staff accounts cannot become vendors\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'write to support' })).toHaveAttribute(
      'href',
      '/support',
    );
  });
});
