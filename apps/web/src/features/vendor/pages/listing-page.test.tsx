import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VendorListingDetail } from '@crimsonhost/shared/vendor-listings';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { CHECKING_POLL_MS } from '../api/get-vendor-listing';
import { VENDOR_USER } from '../test/earnings-fixtures';
import {
  buildCheckingListing,
  buildListing,
  refuse,
  serveListingStore,
} from '../test/listing-fixtures';
import { ListingPage } from './listing-page';

const LOAD = { timeout: 10_000 };
const CHECKING_NOTE =
  'We are asking your game server for its status. The listing appears in the catalog as soon as it answers.';

function openListing(listing: VendorListingDetail) {
  signIn(VENDOR_USER);
  const store = serveListingStore([listing]);
  const view = renderInApp(<ListingPage />, {
    path: '/vendor/listings/:listingId',
    at: `/vendor/listings/${listing.id}`,
  });
  return { ...view, ...store };
}

type User = ReturnType<typeof openListing>['user'];

const heading = (name: string) => screen.findByRole('heading', { level: 1, name }, LOAD);
/** A card of the page, by its heading. */
const cardOf = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('.surface-card')!;

async function retype(user: User, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a listing’s page', () => {
  it('shows the listing’s details to edit, where it stands, its image and its changes', async () => {
    const listing = buildListing({
      changes: [
        { field: 'price', from: '0.200000', to: '0.255000', at: '2026-11-24T18:00:00.000Z' },
        { field: 'game', from: 'rust', to: 'minecraft', at: '2026-11-21T09:15:00.000Z' },
      ],
    });
    openListing(listing);
    expect(await heading('Frankfurt Survival')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Frankfurt Survival');
    expect(screen.getByLabelText('Price per hour')).toHaveValue('0.255');
    expect(screen.getByLabelText('Player slots')).toHaveValue('20');
    expect(screen.getByLabelText('CPU (optional)')).toHaveValue('Ryzen 9 7950X, 4 cores');
    expect(screen.getByLabelText('Storage (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Game server address')).toHaveValue('play.nordicfrag.example');
    expect(screen.getByLabelText('Query port')).toHaveValue('25565');
    expect(screen.getByLabelText('Description')).toHaveValue(
      'Vanilla **survival**, whitelist on request.',
    );
    expect(screen.getByRole('combobox', { name: 'Game' }).closest('.ant-select')).toHaveTextContent(
      'Minecraft',
    );

    const state = cardOf('State');
    expect(within(state).getByText('Live')).toBeInTheDocument();
    expect(
      within(state).getByText('In the catalog: renters can rent it while it is online.'),
    ).toBeInTheDocument();
    expect(within(state).getByText('7 / 20 players')).toBeInTheDocument();
    expect(within(state).queryByText(CHECKING_NOTE)).toBeNull();
    expect(within(cardOf('Image')).getByText('No image yet.')).toBeInTheDocument();

    const changes = within(cardOf('Price and game changes')).getByRole('table', {
      name: 'Price and game changes, newest first',
    });
    expect(
      within(changes)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'What', 'From', 'To']);
    const [price, game] = within(changes).getAllByRole('row').slice(1);
    expect(price).toHaveTextContent('Price per hour0.20 USDT0.255 USDT');
    expect(within(price!).getByText(/^24 Nov 2026/)).toHaveAttribute(
      'datetime',
      '2026-11-24T18:00:00.000Z',
    );
    expect(game).toHaveTextContent('GameRustMinecraft');
    await waitFor(() =>
      expect(document.title).toBe('Frankfurt Survival · Listings · Vendor · CrimsonHost'),
    );
  });

  it('says it waits for the game server, why it has not answered, and reads it again until it does', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    const listing = buildCheckingListing();
    const { store, reads } = openListing(listing);
    await heading('Frankfurt Survival');
    const state = cardOf('State');
    expect(within(state).getByText(CHECKING_NOTE)).toBeInTheDocument();
    expect(
      within(state).getByText('Last try: Nothing answered on that address and port.'),
    ).toBeInTheDocument();
    expect(within(state).getByText('Checking')).toBeInTheDocument();
    expect(
      within(cardOf('Price and game changes')).getByText('No price or game changes yet'),
    ).toBeInTheDocument();

    // The game server answers: the next read, 3 seconds on, finds the listing live.
    store.set(listing.id, buildListing({ id: listing.id }));
    const before = reads.detail;
    await act(() => vi.advanceTimersByTimeAsync(CHECKING_POLL_MS));
    await waitFor(() => expect(within(cardOf('State')).getByText('Live')).toBeInTheDocument());
    expect(reads.detail).toBeGreaterThan(before);
    expect(screen.queryByText(CHECKING_NOTE)).toBeNull();

    // Live listings are not read again on a timer.
    const live = reads.detail;
    await act(() => vi.advanceTimersByTimeAsync(CHECKING_POLL_MS * 3));
    expect(reads.detail).toBe(live);
  });

  it('saves the changes and says when a new address takes it out of the catalog', async () => {
    const listing = buildListing();
    const puts: unknown[] = [];
    const { user } = openListing(listing);
    server.use(
      http.put('/api/vendor/listings/:id', async ({ request }) => {
        const body = (await request.json()) as { host: string; price: string };
        puts.push(body);
        return HttpResponse.json({
          data: buildCheckingListing({ id: listing.id, host: body.host, price: '0.300000' }),
        });
      }),
    );
    await heading('Frankfurt Survival');
    await retype(user, 'Game server address', '198.51.100.20');
    await retype(user, 'Price per hour', '0.3');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Your changes are saved. The listing is out of the catalog until its game server answers.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(puts).toEqual([
      {
        name: 'Frankfurt Survival',
        game: 'minecraft',
        region: 'fra',
        cpu: 'Ryzen 9 7950X, 4 cores',
        ram: '16 GB',
        storage: null,
        playersMax: 20,
        price: '0.3',
        description: 'Vanilla **survival**, whitelist on request.',
        host: '198.51.100.20',
        queryPort: 25565,
      },
    ]);
    expect(await within(cardOf('State')).findByText(CHECKING_NOTE)).toBeInTheDocument();
    expect(screen.getByLabelText('Price per hour')).toHaveValue('0.3');
  });

  it('keeps the game and address while a rental runs, and says why', async () => {
    openListing(buildListing({ rented: true, availability: 'RENTED' }));
    await heading('Frankfurt Survival');
    const reason = 'Rented right now: the game and address can change once the rental has ended.';
    expect(screen.getByLabelText('Game server address')).toBeDisabled();
    expect(screen.getByLabelText('Query port')).toBeDisabled();
    expect(screen.getByLabelText('Game server address')).toHaveAccessibleDescription(reason);
    expect(screen.getByLabelText('Price per hour')).toBeEnabled();
    const state = cardOf('State');
    expect(within(state).getByRole('button', { name: 'Pause Frankfurt Survival' })).toBeDisabled();
    expect(within(state).getByRole('button', { name: 'Delete Frankfurt Survival' })).toBeDisabled();
  });

  it('uploads an image as the raw file body and shows it', async () => {
    const listing = buildListing();
    const uploads: Array<{ type: string | null; bytes: number[] }> = [];
    const { user, container } = openListing(listing);
    server.use(
      http.put('/api/vendor/listings/:id/image', async ({ request }) => {
        uploads.push({
          type: request.headers.get('content-type'),
          bytes: [...new Uint8Array(await request.arrayBuffer())],
        });
        return HttpResponse.json({
          data: { ...listing, image: `/api/listing-images/${listing.id}/1` },
        });
      }),
    );
    await heading('Frankfurt Survival');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], 'server.png', {
      type: 'image/png',
    });
    await user.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    const image = await screen.findByRole('img', { name: 'The image of Frankfurt Survival' }, LOAD);
    expect(image).toHaveAttribute('src', `/api/listing-images/${listing.id}/1`);
    expect(uploads).toEqual([
      { type: 'application/octet-stream', bytes: [0x89, 0x50, 0x4e, 0x47, 1, 2, 3] },
    ]);
    expect(await screen.findByText('The image is saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace the image' })).toBeInTheDocument();
  });

  it('shows the API’s refusal of a file that is not an image, and removes an image', async () => {
    const listing = buildListing({ image: '/api/listing-images/abc/3' });
    const { user, container } = openListing(listing);
    refuse(
      'put',
      '/api/vendor/listings/:id/image',
      415,
      'IMAGE_REFUSED',
      'This file is not a PNG, JPEG or WebP image. Choose a picture in one of those.',
    );
    server.use(
      http.delete('/api/vendor/listings/:id/image', () =>
        HttpResponse.json({ data: { ...listing, image: null } }),
      ),
    );
    await heading('Frankfurt Survival');
    expect(
      screen.getByRole('img', { name: 'The image of Frankfurt Survival' }),
    ).toBeInTheDocument();
    await user.upload(
      container.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['not an image'], 'notes.png', { type: 'image/png' }),
    );
    expect(await within(cardOf('Image')).findByRole('alert', {}, LOAD)).toHaveTextContent(
      'This file is not a PNG, JPEG or WebP image. Choose a picture in one of those.',
    );

    await user.click(screen.getByRole('button', { name: 'Remove the image' }));
    expect(await within(cardOf('Image')).findByText('No image yet.', {}, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The image of Frankfurt Survival' })).toBeNull();
  });

  it('deletes the listing after the confirmation and goes back to the list', async () => {
    const listing = buildListing();
    const { user, router, calls } = openListing(listing);
    await heading('Frankfurt Survival');
    await user.click(screen.getByRole('button', { name: 'Delete Frankfurt Survival' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Delete “Frankfurt Survival”?' },
      LOAD,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete listing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendor/listings'), LOAD);
    expect(calls).toEqual([`delete ${listing.id}`]);
  });

  it('says when no listing has this id', async () => {
    signIn(VENDOR_USER);
    serveListingStore([]);
    renderInApp(<ListingPage />, {
      path: '/vendor/listings/:listingId',
      at: '/vendor/listings/60000000-0000-4000-8000-999999999999',
    });
    expect(await heading('Listing not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to listings' })).toHaveAttribute(
      'href',
      '/vendor/listings',
    );
  });
});
