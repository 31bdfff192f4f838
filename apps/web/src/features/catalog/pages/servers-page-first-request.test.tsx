import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { buildServerCard, serverPage } from '../../../test/server-fixtures';

// Its own file, in a module graph of its own (@vitest-isolate, decision 052): the page's module
// must not have been loaded by an earlier test.
describe('server list first request', { timeout: 60_000 }, () => {
  it('asks for the first page when the page code loads, before the page mounts', async () => {
    const requests: string[] = [];
    server.use(
      http.get('/api/servers', ({ request }) => {
        requests.push(new URL(request.url).search);
        return HttpResponse.json(serverPage([buildServerCard({ name: 'Early Bird' })]));
      }),
      http.get('/api/games', () => HttpResponse.json({ data: [] })),
      http.get('/api/regions', () => HttpResponse.json({ data: [] })),
    );
    window.history.replaceState(null, '', '/servers?game=csgo&sort=price_asc');

    await import('./servers-page');
    // Nothing is rendered yet, and the list is already on its way.
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(new URLSearchParams(requests[0]).get('game')).toBe('csgo');

    renderRoute('/servers?game=csgo&sort=price_asc');
    expect(
      await screen.findByRole('heading', { name: 'Early Bird' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // The page took the answer already under way instead of asking again.
    expect(requests).toHaveLength(1);
  });
});
