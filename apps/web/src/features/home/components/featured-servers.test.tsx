import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { buildServerCard, serverPage } from '../../../test/server-fixtures';

describe('featured servers on the home page', { timeout: 30_000 }, () => {
  it('shows up to four popular online servers from the live catalog', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get('/api/servers', ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(
          serverPage(Array.from({ length: 6 }, (_, i) => buildServerCard({ name: `Hot ${i}` }))),
        );
      }),
    );
    renderRoute('/');
    const section = await screen.findByRole(
      'region',
      { name: 'Popular servers online now' },
      { timeout: 10_000 },
    );
    expect(await within(section).findAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(Object.fromEntries(asked!)).toEqual({
      status: 'online',
      sort: 'popularity',
      pageSize: '10',
    });
    expect(within(section).getByRole('link', { name: 'See all servers' })).toHaveAttribute(
      'href',
      '/servers',
    );
  });

  it('is left out while the catalog has no server online', async () => {
    renderRoute('/');
    await screen.findByRole('region', { name: 'Games you can host' }, { timeout: 10_000 });
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Popular servers online now' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('holds the section in a skeleton of four cards in the same columns', async () => {
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/servers', async () => {
        await held;
        return HttpResponse.json(
          serverPage(Array.from({ length: 4 }, (_, i) => buildServerCard({ name: `Hot ${i}` }))),
        );
      }),
    );
    renderRoute('/');
    const section = await screen.findByRole(
      'region',
      { name: 'Popular servers online now' },
      { timeout: 10_000 },
    );
    const skeletonColumns = columnClassesIn(
      within(section).getByRole('status', { name: 'Loading content' }),
    );
    answer();
    await within(section).findByRole('heading', { name: 'Hot 0' }, { timeout: 10_000 });
    expect(skeletonColumns).toHaveLength(4);
    expect(skeletonColumns).toEqual(columnClassesIn(section));
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
