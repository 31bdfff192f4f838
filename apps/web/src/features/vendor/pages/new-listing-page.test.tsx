import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { VENDOR_USER } from '../test/earnings-fixtures';
import { buildCheckingListing, refuse, serveListingStore } from '../test/listing-fixtures';
import { NewListingPage } from './new-listing-page';

const LOAD = { timeout: 10_000 };

function openForm() {
  signIn(VENDOR_USER);
  serveListingStore([]);
  return renderInApp(<NewListingPage />, {
    path: '/vendor/listings/new',
    at: '/vendor/listings/new',
  });
}

type User = ReturnType<typeof openForm>['user'];

/** The field's own block: its label, control and the messages under it. */
const itemOf = (label: string) =>
  screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

async function type(user: User, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function choose(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const item = (await screen.findAllByTitle(option, {}, LOAD)).find((element) =>
    element.classList.contains('ant-select-item-option'),
  )!;
  await user.click(item);
}

/** Fills every field right. */
async function fillIn(user: User) {
  await screen.findByLabelText('Name', {}, LOAD);
  await type(user, 'Name', 'Frankfurt Survival');
  await choose(user, 'Game', 'Minecraft');
  await choose(user, 'Region', 'Frankfurt, Germany');
  await type(user, 'Memory (optional)', '16 GB');
  await type(user, 'Player slots', '20');
  await type(user, 'Price per hour', '0.255');
  await type(user, 'Description', 'Vanilla **survival**');
  await type(user, 'Game server address', 'Play.NordicFrag.example');
  await type(user, 'Query port', '25565');
}

const send = (user: User) => user.click(screen.getByRole('button', { name: 'Add listing' }));

describe('the new listing form', () => {
  it('says what each empty field needs in the contract’s words, and sends nothing', async () => {
    const posts: unknown[] = [];
    const { user } = openForm();
    server.use(
      http.post('/api/vendor/listings', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ data: buildCheckingListing() }, { status: 201 });
      }),
    );
    await screen.findByLabelText('Name', {}, LOAD);
    await send(user);
    expect(await within(itemOf('Name')).findByText('The name is required')).toBeInTheDocument();
    expect(within(itemOf('Player slots')).getByText('Enter the player slots')).toBeInTheDocument();
    expect(
      within(itemOf('Price per hour')).getByText('Enter a price per hour'),
    ).toBeInTheDocument();
    expect(
      within(itemOf('Game server address')).getByText('Enter the game server’s address'),
    ).toBeInTheDocument();
    expect(within(itemOf('Query port')).getByText('Enter the query port')).toBeInTheDocument();
    // The selects' placeholders say the same: the message is the one under the field.
    const explained = { selector: '.ant-form-item-explain-error' };
    expect(within(itemOf('Game')).getByText('Choose a game', explained)).toBeInTheDocument();
    expect(within(itemOf('Region')).getByText('Choose a region', explained)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    // Optional fields stay quiet.
    expect(within(itemOf('CPU (optional)')).queryByRole('alert')).toBeNull();
    expect(posts).toHaveLength(0);
  });

  it('refuses a price under a cent, a URL for an address and a port out of range', async () => {
    const { user } = openForm();
    await fillIn(user);
    await type(user, 'Price per hour', '0.005');
    await type(user, 'Game server address', 'http://play.example.com');
    await type(user, 'Query port', '70000');
    await send(user);
    expect(
      await within(itemOf('Price per hour')).findByText(
        'The price must be at least 0.01 USDT an hour',
      ),
    ).toBeInTheDocument();
    expect(
      within(itemOf('Game server address')).getByText(
        'Enter a host name or IP address such as play.example.com, without http:// or a port',
      ),
    ).toBeInTheDocument();
    expect(
      within(itemOf('Query port')).getByText('Enter a port from 1 to 65535'),
    ).toBeInTheDocument();
    expect(itemOf('Query port')).toHaveTextContent(
      'The address and port the status query reaches; players connect to the game port.',
    );
  });

  it('shows the API’s finding under the query port when another listing uses the address', async () => {
    const { user } = openForm();
    refuse('post', '/api/vendor/listings', 400, 'VALIDATION_ERROR', 'queryPort: taken', {
      fields: [
        {
          field: 'queryPort',
          message:
            'Another listing already uses this address and query port. Each game server is listed once.',
        },
      ],
    });
    await fillIn(user);
    await send(user);
    expect(
      await within(itemOf('Query port')).findByText(
        'Another listing already uses this address and query port. Each game server is listed once.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Query port')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/Some fields need attention/)).toBeNull();
  });

  it('says why a suspended vendor cannot add a listing', async () => {
    const { user } = openForm();
    refuse(
      'post',
      '/api/vendor/listings',
      403,
      'VENDOR_NOT_ACTIVE',
      'Your vendor account is suspended, so your listings cannot be changed. Contact support to find out more.',
    );
    await fillIn(user);
    await send(user);
    expect(await screen.findByRole('alert', {}, LOAD)).toHaveTextContent(
      'Your vendor account is suspended, so your listings cannot be changed.',
    );
  });

  it('sends the contract’s values and opens the new listing’s page', async () => {
    const created = buildCheckingListing();
    const posts: unknown[] = [];
    const { user, router } = openForm();
    server.use(
      http.post('/api/vendor/listings', async ({ request }) => {
        posts.push(await request.json());
        return HttpResponse.json({ data: created }, { status: 201 });
      }),
    );
    await fillIn(user);
    await send(user);
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/vendor/listings/${created.id}`),
      LOAD,
    );
    expect(posts).toEqual([
      {
        name: 'Frankfurt Survival',
        game: 'minecraft',
        region: 'fra',
        cpu: null,
        ram: '16 GB',
        storage: null,
        playersMax: 20,
        price: '0.255',
        description: 'Vanilla **survival**',
        host: 'play.nordicfrag.example',
        queryPort: 25565,
      },
    ]);
    expect(
      await screen.findByText(
        '“Frankfurt Survival” is added. We are asking its game server for its status.',
      ),
    ).toBeInTheDocument();
  });
});
