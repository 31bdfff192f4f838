import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { VENDOR_USER } from '../test/earnings-fixtures';
import {
  buildCheckingListing,
  buildListing,
  refuse,
  serveListingStore,
} from '../test/listing-fixtures';
import { ListingsPage } from './listings-page';

const LOAD = { timeout: 10_000 };

const frankfurt = buildListing();
const oslo = buildCheckingListing({
  name: 'Oslo Creative',
  game: 'valheim',
  region: { code: 'osl', name: 'Oslo', country: 'Norway' },
  price: '1250.000001',
  host: '203.0.113.7',
  queryPort: 2457,
});
const paused = buildListing({
  name: 'Paris Rust',
  game: 'rust',
  state: 'PAUSED',
  status: 'maintenance',
  availability: 'MAINTENANCE',
  price: '0.010000',
});

function renderListings() {
  signIn(VENDOR_USER);
  return renderInApp(<ListingsPage />, { path: '/vendor/listings', at: '/vendor/listings' });
}

const table = () => screen.findByRole('table', { name: 'Your listings, newest first' }, LOAD);

/** The table's row of one listing, by its name. */
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;

describe('the listings page', () => {
  it('shows a skeleton while it loads, then each listing with its state and what renters see', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    serveListingStore([frankfurt, oslo, paused]);
    server.use(
      http.get('/api/vendor/listings', async () => {
        await answered;
        return HttpResponse.json({ data: [frankfurt, oslo, paused] });
      }),
    );
    renderListings();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Listings' }, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading content' })).toBeInTheDocument();
    answer();
    const listings = await table();
    expect(
      within(listings)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Game and region', 'Price per hour', 'State', 'Renters see', 'Actions']);

    const live = rowOf('Frankfurt Survival');
    expect(within(live).getByRole('link', { name: 'Frankfurt Survival' })).toHaveAttribute(
      'href',
      `/vendor/listings/${frankfurt.id}`,
    );
    expect(live).toHaveTextContent('play.nordicfrag.example:25565');
    expect(live).toHaveTextContent('Minecraft');
    expect(live).toHaveTextContent('Frankfurt, Germany');
    expect(within(live).getByText('0.255 USDT')).toBeInTheDocument();
    expect(within(live).getByText('Live')).toBeInTheDocument();
    expect(
      within(live).getByText('In the catalog: renters can rent it while it is online.'),
    ).toBeInTheDocument();
    expect(within(live).getByText('Online')).toBeInTheDocument();
    expect(within(live).getByText('7 / 20 players')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'Edit Frankfurt Survival' })).toHaveAttribute(
      'href',
      `/vendor/listings/${frankfurt.id}`,
    );
    expect(within(live).getByRole('button', { name: 'Pause Frankfurt Survival' })).toBeEnabled();

    const checking = rowOf('Oslo Creative');
    expect(within(checking).getByText('Checking')).toBeInTheDocument();
    expect(
      within(checking).getByText(
        'Not in the catalog yet: waiting for your game server to answer a status query.',
      ),
    ).toBeInTheDocument();
    expect(within(checking).getByText('1,250.000001 USDT')).toBeInTheDocument();
    expect(within(checking).getByText('Offline')).toBeInTheDocument();
    expect(checking).toHaveTextContent('Valheim');

    const maintenance = rowOf('Paris Rust');
    expect(within(maintenance).getByText('Paused')).toBeInTheDocument();
    expect(within(maintenance).getByText('Maintenance')).toBeInTheDocument();
    expect(within(maintenance).getByText('0.01 USDT')).toBeInTheDocument();
    expect(within(maintenance).getByRole('button', { name: 'Resume Paris Rust' })).toBeEnabled();

    expect(screen.getByRole('link', { name: 'Add a listing' })).toHaveAttribute(
      'href',
      '/vendor/listings/new',
    );
    await waitFor(() => expect(document.title).toBe('Listings · Vendor · CrimsonHost'));
  });

  it('says when there is no listing yet, and leads to the first', async () => {
    serveListingStore([]);
    renderListings();
    const empty = (
      await screen.findByText('You have no listings yet', {}, LOAD)
    ).closest<HTMLElement>('.ant-empty')!;
    expect(within(empty).getByRole('link', { name: 'Add a listing' })).toHaveAttribute(
      'href',
      '/vendor/listings/new',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when the listings could not be loaded, and reads them again on Retry', async () => {
    let fail = true;
    serveListingStore([frankfurt]);
    server.use(
      http.get('/api/vendor/listings', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR', 'The database is asleep.'), {
              status: 500,
            })
          : HttpResponse.json({ data: [frankfurt] }),
      ),
    );
    const { user } = renderListings();
    expect(
      await screen.findByText('Your listings could not be loaded', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText('The database is asleep.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await table();
    expect(rowOf('Frankfurt Survival')).toBeInTheDocument();
  });

  it('pauses and resumes a listing, and says so in plain words', async () => {
    const { calls } = serveListingStore([frankfurt]);
    const { user } = renderListings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Pause Frankfurt Survival' }));
    expect(
      await screen.findByText(
        '“Frankfurt Survival” is paused: renters see it in maintenance and cannot rent it.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    const resume = await screen.findByRole('button', { name: 'Resume Frankfurt Survival' }, LOAD);
    expect(within(rowOf('Frankfurt Survival')).getByText('Paused')).toBeInTheDocument();
    await user.click(resume);
    expect(
      await screen.findByText(
        '“Frankfurt Survival” is resumed: renters can rent it again while it is online.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
    expect(calls).toEqual([`pause ${frankfurt.id}`, `resume ${frankfurt.id}`]);
  });

  it('says why a suspended vendor cannot pause', async () => {
    serveListingStore([frankfurt]);
    refuse(
      'post',
      '/api/vendor/listings/:id/pause',
      403,
      'VENDOR_NOT_ACTIVE',
      'Your vendor account is suspended, so your listings cannot be changed. Contact support to find out more.',
    );
    const { user } = renderListings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Pause Frankfurt Survival' }));
    expect(
      await screen.findByText(
        'Your vendor account is suspended, so your listings cannot be changed. Contact support to find out more.',
        {},
        LOAD,
      ),
    ).toBeInTheDocument();
  });

  it('asks before deleting, naming the server, then deletes it', async () => {
    const { calls } = serveListingStore([frankfurt, oslo]);
    const { user } = renderListings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Frankfurt Survival' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete “Frankfurt Survival”?' }, LOAD);
    expect(dialog).toHaveTextContent('cannot be brought back');
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Frankfurt Survival' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete “Frankfurt Survival”?' }, LOAD);
    await user.click(within(dialog).getByRole('button', { name: 'Delete listing' }));
    expect(
      await screen.findByText('“Frankfurt Survival” was deleted.', {}, LOAD),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Frankfurt Survival' })).toBeNull(),
    );
    expect(rowOf('Oslo Creative')).toBeInTheDocument();
    expect(calls).toEqual([`delete ${frankfurt.id}`]);
  });

  it('keeps the dialog open with the API’s sentence when the server was rented meanwhile', async () => {
    serveListingStore([frankfurt]);
    refuse(
      'delete',
      '/api/vendor/listings/:id',
      409,
      'LISTING_RENTED',
      'This server is rented right now, so you cannot delete it. Try again when the rental has ended.',
    );
    const { user } = renderListings();
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Frankfurt Survival' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Delete “Frankfurt Survival”?' },
      LOAD,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete listing' }));
    expect(await within(dialog).findByRole('alert', {}, LOAD)).toHaveTextContent(
      'This server is rented right now, so you cannot delete it. Try again when the rental has ended.',
    );
  });

  it('offers no pause or delete while a rental runs, and says why', async () => {
    serveListingStore([buildListing({ rented: true, availability: 'RENTED' })]);
    renderListings();
    await table();
    const row = rowOf('Frankfurt Survival');
    const pause = within(row).getByRole('button', { name: 'Pause Frankfurt Survival' });
    const remove = within(row).getByRole('button', { name: 'Delete Frankfurt Survival' });
    expect(pause).toBeDisabled();
    expect(remove).toBeDisabled();
    const reason = 'Rented right now: you can pause or delete it once the rental has ended.';
    expect(within(row).getByText(reason)).toBeVisible();
    expect(pause).toHaveAccessibleDescription(reason);
    expect(remove).toHaveAccessibleDescription(reason);
    expect(within(row).getByRole('link', { name: 'Edit Frankfurt Survival' })).toBeInTheDocument();
  });

  it('stacks the listings as cards on a 375 px phone', async () => {
    setViewportWidth(375);
    serveListingStore([frankfurt, oslo]);
    renderListings();
    const list = await screen.findByRole('list', { name: 'Your listings, newest first' }, LOAD);
    expect(screen.queryByRole('table', { name: 'Your listings, newest first' })).toBeNull();
    const [first, second] = within(list).getAllByRole('listitem');
    expect(
      within(first!).getByRole('heading', { level: 2, name: 'Frankfurt Survival' }),
    ).toBeInTheDocument();
    expect(first).toHaveTextContent('Live');
    expect(first).toHaveTextContent('Price per hour0.255 USDT');
    expect(first).toHaveTextContent('7 / 20 players');
    expect(within(first!).getByRole('button', { name: 'Pause Frankfurt Survival' })).toBeEnabled();
    expect(second).toHaveTextContent('Checking');
    expect(second).toHaveTextContent('Oslo, Norway');
  });
});
