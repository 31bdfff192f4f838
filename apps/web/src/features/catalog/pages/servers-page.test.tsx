import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameFacet, RegionFacet } from '@crimsonhost/shared/catalog';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { buildServerCard, serverPage } from '../../../test/server-fixtures';

const GAME_FACETS: GameFacet[] = [
  { id: 'minecraft', name: 'Minecraft', defaultPort: 25565, listings: 12 },
  { id: 'csgo', name: 'CS:GO', defaultPort: 27015, listings: 10 },
  { id: 'rust', name: 'Rust', defaultPort: 28015, listings: 8 },
  { id: 'valheim', name: 'Valheim', defaultPort: 2456, listings: 6 },
  { id: 'ark', name: 'ARK: Survival Evolved', defaultPort: 7777, listings: 4 },
];
const REGION_FACETS: RegionFacet[] = [
  { code: 'fra', name: 'Frankfurt', country: 'Germany', listings: 9 },
  { code: 'nyc', name: 'New York', country: 'United States', listings: 7 },
];

/** Serves the catalog and records the query of every list request. */
function serveCatalog(answer = serverPage([buildServerCard({ name: 'Frag Central' })])) {
  const requests: URLSearchParams[] = [];
  server.use(
    http.get('/api/servers', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return HttpResponse.json(answer);
    }),
    http.get('/api/games', () => HttpResponse.json({ data: GAME_FACETS })),
    http.get('/api/regions', () => HttpResponse.json({ data: REGION_FACETS })),
  );
  return requests;
}

const search = (router: ReturnType<typeof renderRoute>['router']) =>
  new URLSearchParams(router.state.location.search);

// Lazy pages and antd in jsdom are slow on a busy machine: allow time.
const LOAD = { timeout: 10_000 };

/**
 * The filters' debounce timers on a clock the test moves (real time still moves it too, so
 * requests, React and Testing Library run as usual): "nothing is applied after the pause" is
 * checked by moving the clock past the pause instead of sleeping through it.
 */
const fakeDebounceClock = () =>
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
/** Longer than any filter's debounce (search 400 ms, prices 600 ms). */
const PAST_THE_PAUSE_MS = 1000;
afterEach(() => {
  vi.useRealTimers();
});

describe('server list page', { timeout: 60_000 }, () => {
  it('asks the API for exactly the view in the URL, so a shared link reproduces it', async () => {
    const requests = serveCatalog();
    renderRoute('/servers?game=csgo&region=fra&maxPrice=0.30&sort=price_asc&page=2&pageSize=10');

    expect(await screen.findByRole('heading', { name: 'Frag Central' }, LOAD)).toBeInTheDocument();
    expect(Object.fromEntries(requests.at(-1)!)).toEqual({
      game: 'csgo',
      region: 'fra',
      maxPrice: '0.30',
      sort: 'price_asc',
      page: '2',
      pageSize: '10',
    });
    const filters = screen.getByRole('search', { name: 'Filter servers' });
    expect(within(filters).getByRole('combobox', { name: 'Sort by' })).toHaveDisplayValue(
      'Price: low to high',
    );
    await waitFor(() =>
      expect(within(filters).getByRole('combobox', { name: 'Game' })).toHaveDisplayValue(
        'CS:GO (10)',
      ),
    );
    await waitFor(() =>
      expect(within(filters).getByRole('combobox', { name: 'Region' })).toHaveDisplayValue(
        'Frankfurt, Germany (9)',
      ),
    );
    expect(within(filters).getByLabelText('Maximum price per hour')).toHaveValue(0.3);
  });

  it('leaves out values the API would refuse instead of failing', async () => {
    const requests = serveCatalog();
    renderRoute('/servers?game=fortnite&pageSize=15&sort=cheapest&page=-1&status=online');
    await screen.findByRole('heading', { name: 'Frag Central' }, LOAD);
    expect(Object.fromEntries(requests.at(-1)!)).toEqual({
      status: 'online',
      sort: 'popularity',
      page: '1',
      pageSize: '20',
    });
  });

  it('writes a chosen game and sort into the URL and goes back to the first page', async () => {
    serveCatalog();
    const { user, router } = renderRoute('/servers?page=3');
    await screen.findByRole('heading', { name: 'Frag Central' }, LOAD);

    const game = screen.getByRole('combobox', { name: 'Game' });
    await waitFor(() =>
      expect(within(game).getByRole('option', { name: 'Rust (8)' })).toBeVisible(),
    );
    await user.selectOptions(game, 'Rust (8)');
    expect(Object.fromEntries(search(router))).toEqual({ game: 'rust' });

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort by' }),
      'Price: high to low',
    );
    expect(Object.fromEntries(search(router))).toEqual({ game: 'rust', sort: 'price_desc' });
  });

  it('searches after a pause in typing, not on every key', async () => {
    const requests = serveCatalog();
    const { user, router } = renderRoute('/servers');
    await screen.findByRole('heading', { name: 'Frag Central' }, LOAD);
    const before = requests.length;

    await user.type(screen.getByRole('searchbox', { name: 'Search servers' }), 'dust');
    expect(search(router).get('q')).toBeNull();
    await waitFor(() => expect(search(router).get('q')).toBe('dust'), { timeout: 2000 });
    await waitFor(() => expect(requests.at(-1)?.get('q')).toBe('dust'));
    expect(requests.slice(before).filter((params) => params.has('q'))).toHaveLength(1);
  });

  it('says next to the field when a price is above what any listing may cost', async () => {
    fakeDebounceClock();
    const requests = serveCatalog();
    const { user, router } = renderRoute('/servers');
    await screen.findByRole('heading', { name: 'Frag Central' }, LOAD);
    const maximum = screen.getByLabelText('Maximum price per hour');
    await user.type(maximum, '20000');
    expect(
      await screen.findByText('Prices go up to 10,000.00 USDT/h.', {}, LOAD),
    ).toBeInTheDocument();
    expect(maximum).toHaveAttribute('aria-invalid', 'true');
    await act(() => vi.advanceTimersByTimeAsync(PAST_THE_PAUSE_MS));
    expect(search(router).get('maxPrice')).toBeNull();
    expect(requests.every((params) => !params.has('maxPrice'))).toBe(true);
  });

  it('says next to the field when the minimum price is above the maximum, keeping what was typed', async () => {
    fakeDebounceClock();
    const requests = serveCatalog();
    const { user, router } = renderRoute('/servers?maxPrice=1');
    await screen.findByRole('heading', { name: 'Frag Central' }, LOAD);
    const minimum = screen.getByLabelText('Minimum price per hour');

    await user.type(minimum, '2');
    expect(
      await screen.findByText('The minimum must not be above the maximum (1.00 USDT/h).', {}, LOAD),
    ).toBeInTheDocument();
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
    expect(minimum).toHaveAccessibleDescription(
      'The minimum must not be above the maximum (1.00 USDT/h).',
    );
    await act(() => vi.advanceTimersByTimeAsync(PAST_THE_PAUSE_MS));
    expect(minimum).toHaveValue(2);
    expect(search(router).get('minPrice')).toBeNull();
    expect(requests.every((params) => !params.has('minPrice'))).toBe(true);

    // Raising the maximum makes the typed minimum valid: it is applied without retyping.
    const maximum = screen.getByLabelText('Maximum price per hour');
    await user.clear(maximum);
    await user.type(maximum, '3');
    await waitFor(
      () => expect(Object.fromEntries(search(router))).toEqual({ minPrice: '2', maxPrice: '3' }),
      { timeout: 3000 },
    );
    expect(screen.queryByText(/must not be above the maximum/)).not.toBeInTheDocument();
    expect(minimum).toHaveValue(2);
  });

  it('pages through the list with the page sizes 10, 20, 50 and 100', async () => {
    const requests = serveCatalog(
      serverPage([buildServerCard({ name: 'First of many' })], { total: 45 }),
    );
    const { user, router } = renderRoute('/servers');
    await screen.findByRole('heading', { name: 'First of many' }, LOAD);
    expect(screen.getByText('45 servers')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByText('1-1 of 45')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(within(pages).queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(search(router).get('page')).toBe('2');
    await waitFor(() => expect(requests.at(-1)?.get('page')).toBe('2'));

    const size = within(pages).getByRole('combobox', { name: 'Page size' });
    expect(
      within(size)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['10 / page', '20 / page', '50 / page', '100 / page']);
    await user.selectOptions(size, '50 / page');
    expect(Object.fromEntries(search(router))).toEqual({ pageSize: '50' });
  });

  it('says when the page is past the end, highlights no page, and goes to the last one', async () => {
    serveCatalog(serverPage([], { total: 45, page: 9 }));
    const { user, router } = renderRoute('/servers?page=9');
    expect(
      await screen.findByText('This page is past the end of the list.', {}, LOAD),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the last page' }));
    expect(search(router).get('page')).toBe('3');
  });

  it('says "about" when the total of a broad search is an estimate', async () => {
    serveCatalog(
      serverPage([buildServerCard({ name: 'One of many' })], { total: 12_345, totalExact: false }),
    );
    renderRoute('/servers?q=server');
    await screen.findByRole('heading', { name: 'One of many' }, LOAD);
    expect(screen.getByText('about 12,345 servers')).toBeInTheDocument();
  });

  it('shows skeleton cards while the list loads', async () => {
    // The list answers only once the skeleton has been seen, however slow the page is to render.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/servers', async () => {
        await held;
        return HttpResponse.json(serverPage([buildServerCard({ name: 'Slow one' })]));
      }),
    );
    renderRoute('/servers');
    expect(
      await screen.findByRole('status', { name: 'Loading content' }, LOAD),
    ).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Slow one' }, LOAD)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading content' })).not.toBeInTheDocument();
  });

  it('offers to clear the filters when nothing matches', async () => {
    serveCatalog(serverPage([]));
    const { user, router } = renderRoute('/servers?game=ark&status=maintenance&sort=price_asc');
    const empty = (await screen.findByText('No servers match these filters.', {}, LOAD)).closest(
      '.ant-empty',
    ) as HTMLElement;

    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    expect(Object.fromEntries(search(router))).toEqual({ sort: 'price_asc' });
  });

  it('says in plain words when the answer cannot be read, never the raw validation output', async () => {
    server.use(
      http.get('/api/servers', () => HttpResponse.json({ data: 'not a list', meta: null })),
    );
    renderRoute('/servers');
    expect(await screen.findByText('Could not load the servers', {}, LOAD)).toBeInTheDocument();
    expect(
      screen.getByText('Something unexpected happened. Please try again.'),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/"expected"|\[\{/);
  });

  it('shows the error with a Retry that loads the list again', async () => {
    let calls = 0;
    server.use(
      http.get('/api/servers', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(
              { error: { code: 'INTERNAL_ERROR', message: 'The catalog is resting.' } },
              { status: 500 },
            )
          : HttpResponse.json(serverPage([buildServerCard({ name: 'Back again' })]));
      }),
    );
    const { user } = renderRoute('/servers');
    expect(await screen.findByText('Could not load the servers', {}, LOAD)).toBeInTheDocument();
    expect(screen.getByText('The catalog is resting.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Back again' }, LOAD)).toBeInTheDocument();
  });

  it('holds the list in a skeleton laid out like the cards it stands for', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/servers', async () => {
        await held;
        return HttpResponse.json(
          serverPage(Array.from({ length: 6 }, (_, i) => buildServerCard({ name: `Card ${i}` }))),
        );
      }),
      http.get('/api/games', () => HttpResponse.json({ data: GAME_FACETS })),
      http.get('/api/regions', () => HttpResponse.json({ data: REGION_FACETS })),
    );
    renderRoute('/servers');
    const skeleton = await screen.findByRole('status', { name: 'Loading content' }, LOAD);
    const skeletonColumns = columnClassesIn(skeleton);
    // The count line above the cards has its place kept too.
    expect(screen.getByTestId('server-count-placeholder')).toBeInTheDocument();

    answer();
    const list = await screen.findByRole('list', { name: 'Servers' }, LOAD);
    expect(skeletonColumns).toHaveLength(6);
    expect(skeletonColumns).toEqual(columnClassesIn(list));
  });
});

/** The breakpoint classes of each grid column (ant-col-xs-24 ant-col-sm-12 ...). */
function columnClassesIn(grid: HTMLElement) {
  return Array.from(grid.querySelectorAll('.ant-col'), (column) =>
    Array.from(column.classList)
      .filter((name) => name.startsWith('ant-col-'))
      .sort()
      .join(' '),
  );
}
