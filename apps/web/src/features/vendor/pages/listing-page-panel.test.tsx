// The game panel of a listing's page (issue 16 point 5): link, test in plain words, change,
// unlink with a confirmation, the key never shown after it is saved, the address guard's
// refusal under its field, and the panel errors renters met.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { VENDOR_USER } from '../test/earnings-fixtures';
import { buildListing, refuse, serveListingStore } from '../test/listing-fixtures';
import {
  buildPanelError,
  buildPanelLink,
  REFUSED_KEY_TEST,
  RUNNING_TEST,
  servePanelStore,
} from '../test/panel-fixtures';
import { ListingPage } from './listing-page';

const LOAD = { timeout: 10_000 };
const KEY = 'ptlc_VendorKey00112233445566778899aabbccddeeff00';

function openListing(panel: Parameters<typeof servePanelStore>[0] = {}) {
  const listing = buildListing();
  signIn(VENDOR_USER);
  serveListingStore([listing]);
  const store = servePanelStore(panel);
  const view = renderInApp(<ListingPage />, {
    path: '/vendor/listings/:listingId',
    at: `/vendor/listings/${listing.id}`,
  });
  return { ...view, store, listing };
}

type User = ReturnType<typeof openListing>['user'];

/** A card of the page, by its heading, once it has loaded. */
async function card(name: string) {
  const heading = await screen.findByRole('heading', { level: 2, name }, LOAD);
  return heading.closest<HTMLElement>('.surface-card')!;
}

async function type(user: User, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

describe('a listing’s game panel', () => {
  it('links a panel, then shows only the key’s last 4 characters, and tests it', async () => {
    const { user, store } = openListing();
    const panel = await card('Game panel');
    expect(
      await within(panel).findByText(
        'Not linked yet: renters cannot control the server here.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    const keyField = within(panel).getByLabelText('Client API key');
    expect(keyField).toHaveAttribute('type', 'password');

    await type(user, 'Panel address', 'https://panel.nordicfrag.example');
    await type(user, 'Server identifier', '1a7ce997');
    await type(user, 'Client API key', KEY);
    await user.click(within(panel).getByRole('button', { name: 'Save panel link' }));

    expect(
      await screen.findByText(
        'The panel link is saved. Test the connection to check it works.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(store.bodies).toEqual([
      { url: 'https://panel.nordicfrag.example', serverIdentifier: '1a7ce997', apiKey: KEY },
    ]);
    // The key is gone from the page: only its last 4 characters are shown.
    expect(within(panel).queryByLabelText('Client API key')).toBeNull();
    expect(panel).not.toHaveTextContent(KEY);
    expect(within(panel).getByText('ending in', { exact: false }).parentElement).toHaveTextContent(
      '••••ending in ff00',
    );
    expect(within(panel).getByText('1a7ce997')).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Test connection' }));
    expect(await within(panel).findByText(RUNNING_TEST.message, {}, LOAD)).toBeInTheDocument();
    expect(store.tests).toBe(1);
  });

  it('offers the demo panel for a spare demo game server, filled in at a click', async () => {
    const demo = {
      url: 'http://127.0.0.1:38600',
      serverIdentifier: '5e0c2f1a',
      apiKey: 'ptlc_CrimsonDemoLocalDemoPanelOnlyNotARealKey000',
    };
    const { user, store } = openListing({ demo });
    const panel = await card('Game panel');
    await within(panel).findByText('This listing is one of the demo’s game servers', {}, LOAD);
    await user.click(within(panel).getByRole('button', { name: 'Fill in the demo panel' }));
    expect(within(panel).getByLabelText('Panel address')).toHaveValue(demo.url);
    expect(within(panel).getByLabelText('Server identifier')).toHaveValue(demo.serverIdentifier);
    await user.click(within(panel).getByRole('button', { name: 'Save panel link' }));
    await waitFor(() => expect(store.bodies).toEqual([demo]));
  });

  it('offers no demo panel for any other listing', async () => {
    openListing();
    const panel = await card('Game panel');
    await within(panel).findByLabelText('Panel address', {}, LOAD);
    expect(within(panel).queryByRole('button', { name: 'Fill in the demo panel' })).toBeNull();
  });

  it('says in plain words when the panel refuses the key', async () => {
    const { user } = openListing({ link: buildPanelLink(), nextTest: REFUSED_KEY_TEST });
    const panel = await card('Game panel');
    await user.click(await within(panel).findByRole('button', { name: 'Test connection' }, LOAD));
    const result = await within(panel).findByText(REFUSED_KEY_TEST.message, {}, LOAD);
    expect(result.closest('.ant-alert')).toHaveClass('ant-alert-warning');
  });

  it('shows the last test with the link, and puts the address guard’s refusal under the address', async () => {
    const { user } = openListing({
      link: buildPanelLink({
        lastTest: {
          ok: true,
          outcome: 'offline',
          message: 'Connected. The server is offline.',
          testedAt: '2026-11-25T07:00:00.000Z',
        },
      }),
    });
    const panel = await card('Game panel');
    expect(
      await within(panel).findByText('Connected. The server is offline.', {}, LOAD),
    ).toBeInTheDocument();
    const message =
      'inside.example points to 10.0.0.5, a private network address. A panel must be reachable on the public internet.';
    refuse('put', '/api/vendor/listings/:id/panel', 422, 'PANEL_ADDRESS_REFUSED', message, {
      fields: [{ field: 'url', message }],
    });
    await user.click(within(panel).getByRole('button', { name: 'Change link' }));
    // The saved address and identifier to start from; the key must be typed again.
    expect(within(panel).getByLabelText('Panel address')).toHaveValue(
      'https://panel.nordicfrag.example',
    );
    expect(within(panel).getByLabelText('Client API key')).toHaveValue('');
    await type(user, 'Panel address', 'https://inside.example');
    await type(user, 'Client API key', KEY);
    await user.click(within(panel).getByRole('button', { name: 'Save panel link' }));
    expect(await within(panel).findByText(message, {}, LOAD)).toBeInTheDocument();
    expect(within(panel).getByLabelText('Panel address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('unlinks after asking', async () => {
    const { user, store } = openListing({ link: buildPanelLink() });
    const panel = await card('Game panel');
    await user.click(await within(panel).findByRole('button', { name: 'Unlink' }, LOAD));
    const dialog = await screen.findByRole('dialog', { name: 'Unlink the game panel?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(store.unlinks).toBe(0);
    await user.click(within(panel).getByRole('button', { name: 'Unlink' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unlink the game panel?' })).getByRole(
        'button',
        { name: 'Unlink' },
      ),
    );
    expect(await screen.findByText('The game panel is unlinked.', {}, LOAD)).toBeInTheDocument();
    expect(store.unlinks).toBe(1);
    expect(
      await within(panel).findByText('Not linked yet: renters cannot control the server here.'),
    ).toBeInTheDocument();
  });

  it('says when the panel link cannot be loaded', async () => {
    openListing();
    refuse(
      'get',
      '/api/vendor/listings/:id/panel',
      503,
      'SERVICE_UNAVAILABLE',
      'Down for a moment.',
    );
    const panel = await card('Game panel');
    expect(
      await within(panel).findByText(/^The game panel could not be loaded\./, {}, LOAD),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('a listing’s panel errors', () => {
  it('says there are none', async () => {
    openListing();
    const errors = await card('Panel errors');
    expect(
      await within(errors).findByText(
        'No panel errors: every call renters made to your panel went through.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('lists what renters met, newest first, ten a page', async () => {
    const { user } = openListing({
      errors: Array.from({ length: 12 }, (_, index) => buildPanelError(index)),
    });
    const errors = await card('Panel errors');
    const table = await within(errors).findByRole(
      'table',
      { name: 'Panel errors of this listing, newest first' },
      LOAD,
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('The panel did not answer in time.');
    expect(rows[0]).toHaveTextContent('start: No answer from the panel within 8000 ms (0)');
    await user.click(within(errors).getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('(10)');
  });
});
