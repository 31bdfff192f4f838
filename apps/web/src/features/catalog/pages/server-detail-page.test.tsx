import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderRoute } from '../../../test/render-route';
import { SERVED_LISTING_META } from '@crimsonhost/shared/first-screen';
import { buildServerCard, buildServerDetail, serverPage } from '../../../test/server-fixtures';
import { estimateCost } from '../components/cost-estimate';

const LOAD = { timeout: 10_000 };

describe('server detail page', { timeout: 60_000 }, () => {
  it('shows the server with its specs, live players, vendor, price and the total to rent', async () => {
    const detail = buildServerDetail({
      name: 'Frag Central 128-tick',
      price: '0.070000',
      players: { current: 19, max: 20 },
    });
    server.use(http.get(`/api/servers/${detail.id}`, () => HttpResponse.json({ data: detail })));
    const { user } = renderRoute(`/servers/${detail.id}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frag Central 128-tick' }, LOAD),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Servers' })).toHaveAttribute(
      'href',
      '/servers',
    );
    expect(screen.getByText('Hosted by Nordic Frag Hosting')).toBeInTheDocument();
    expect(screen.getByText('Ryzen 9 7950X', { exact: false })).toBeInTheDocument();
    expect(screen.getByText('19 / 20 players')).toBeInTheDocument();
    expect(screen.getByText(/Last answered .* ago\./)).toBeInTheDocument();
    expect(screen.getByText('0.07 USDT / hour')).toBeInTheDocument();

    const hours = screen.getByLabelText('How many hours?');
    await user.clear(hours);
    await user.type(hours, '36');
    expect(await screen.findByText('2.52 USDT')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /rent/i })).not.toBeInTheDocument();
  });

  it('renders the vendor’s description as Markdown, without the raw HTML in it', async () => {
    const detail = buildServerDetail({
      description:
        'Vanilla **survival** with [our rules](https://example.com/rules).\n\n- daily backups\n- whitelist\n\n<img src=x onerror=alert(1)><script>alert(1)</script>',
    });
    server.use(http.get(`/api/servers/${detail.id}`, () => HttpResponse.json({ data: detail })));
    const { container } = renderRoute(`/servers/${detail.id}`);
    const about = (
      await screen.findByRole('heading', { level: 2, name: 'About this server' }, LOAD)
    ).closest<HTMLElement>('.surface-card')!;
    expect(await within(about).findByText('survival', { selector: 'strong' }, LOAD)).toBeVisible();
    expect(within(about).getByRole('link', { name: 'our rules' })).toHaveAttribute(
      'href',
      'https://example.com/rules',
    );
    expect(
      within(about)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['daily backups', 'whitelist']);
    expect(container.querySelector('script, img[src="x"]')).toBeNull();
    expect(about).not.toHaveTextContent('onerror');
  });

  it('says when the vendor has not described the server', async () => {
    const detail = buildServerDetail({ description: '' });
    server.use(http.get(`/api/servers/${detail.id}`, () => HttpResponse.json({ data: detail })));
    renderRoute(`/servers/${detail.id}`);
    expect(
      await screen.findByText('The vendor has not described this server.', {}, LOAD),
    ).toBeInTheDocument();
  });

  it('computes estimates exactly, without floating point', () => {
    expect(estimateCost('0.070000', 3)).toBe('0.21');
    expect(estimateCost('0.100000', 3)).toBe('0.30');
    expect(estimateCost('12.345678', 720)).toBe('8,888.89');
  });

  it('says when the game server has not answered its last checks', async () => {
    const detail = buildServerDetail({
      status: 'offline',
      players: { current: 0, max: 10 },
      lastAnswerAt: new Date(Date.now() - 3_600_000).toISOString(),
      lastCheckedAt: new Date(Date.now() - 20_000).toISOString(),
    });
    server.use(http.get(`/api/servers/${detail.id}`, () => HttpResponse.json({ data: detail })));
    renderRoute(`/servers/${detail.id}`);
    expect(
      await screen.findByText(/Last answered an hour ago; asked again/, {}, LOAD),
    ).toBeVisible();
    expect(screen.getByText('Offline')).toBeInTheDocument();
  });

  it('offers no renting on a rented server, only why', async () => {
    const detail = buildServerDetail({ availability: 'RENTED' });
    server.use(http.get(`/api/servers/${detail.id}`, () => HttpResponse.json({ data: detail })));
    renderRoute(`/servers/${detail.id}`);
    expect(
      await screen.findByText('Someone is renting this server right now.', undefined, LOAD),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Availability' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rent this server' })).not.toBeInTheDocument();
    expect(screen.queryByText(/held in escrow/)).not.toBeInTheDocument();
  });

  it('says in plain words when the answer cannot be read, with a title', async () => {
    server.use(http.get('/api/servers/:id', () => HttpResponse.json({ data: { id: 7 } })));
    renderRoute('/servers/00000000-0000-4000-8000-000000000077');
    expect(
      await screen.findByRole('heading', { name: 'Could not load this server' }, LOAD),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Something unexpected happened. Please try again.'),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/"expected"|\[\{/);
    await waitFor(() => expect(document.title).toBe('Could not load this server · CrimsonHost'));
  });

  it('has a title while the server loads', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const detail = buildServerDetail({ name: 'Slow Server' });
    server.use(
      http.get(`/api/servers/${detail.id}`, async () => {
        await held;
        return HttpResponse.json({ data: detail });
      }),
    );
    renderRoute(`/servers/${detail.id}`);
    expect(
      await screen.findByRole('status', { name: 'Loading the server' }, LOAD),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Loading the server · CrimsonHost'));
    answer();
    await screen.findByRole('heading', { level: 1, name: 'Slow Server' }, LOAD);
    await waitFor(() => expect(document.title).toBe('Slow Server · CrimsonHost'));
  });

  it('keeps the name the served page gave it on screen while the listing loads', async () => {
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const detail = buildServerDetail({ name: 'Blocky Valley' });
    server.use(
      http.get(`/api/servers/${detail.id}`, async () => {
        await held;
        return HttpResponse.json({ data: detail });
      }),
    );
    // As the server writes it into a server's first screen.
    const meta = document.createElement('meta');
    meta.name = SERVED_LISTING_META;
    meta.dataset.id = detail.id;
    meta.content = 'Blocky Valley';
    document.head.append(meta);
    try {
      renderRoute(`/servers/${detail.id}`);
      await screen.findByRole('status', { name: 'Loading the server' }, LOAD);
      expect(screen.getByRole('heading', { level: 1, name: 'Blocky Valley' })).toBeVisible();
      await waitFor(() => expect(document.title).toBe('Blocky Valley · CrimsonHost'));
      answer();
      await waitFor(
        () => expect(screen.queryByRole('status', { name: 'Loading the server' })).toBeNull(),
        LOAD,
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Blocky Valley' })).toBeVisible();
    } finally {
      meta.remove();
    }
  });

  it('names a server opened from the list at once, and no other by the served name', async () => {
    const held = new Promise<void>(() => {});
    const card = buildServerCard({ name: 'Frag Central' });
    const other = buildServerDetail({ name: 'Not Yet Known' });
    server.use(
      http.get('/api/servers', () => HttpResponse.json(serverPage([card]))),
      http.get('/api/servers/:id', async () => {
        await held;
        return HttpResponse.json({});
      }),
    );
    const meta = document.createElement('meta');
    meta.name = SERVED_LISTING_META;
    meta.dataset.id = other.id;
    meta.content = 'Served For Another';
    document.head.append(meta);
    try {
      const { router } = renderRoute('/servers');
      await screen.findAllByRole('link', { name: /Frag Central/ }, LOAD);
      await router.navigate(`/servers/${card.id}`);
      await screen.findByRole('status', { name: 'Loading the server' }, LOAD);
      expect(screen.getByRole('heading', { level: 1, name: 'Frag Central' })).toBeVisible();

      await router.navigate(`/servers/5b0f9c1e-9c1d-4a59-8d41-3f1f6f0c2a11`);
      await waitFor(() => expect(document.title).toBe('Loading the server · CrimsonHost'));
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    } finally {
      meta.remove();
    }
  });

  it('shows a not-found state for an unknown id', async () => {
    server.use(
      http.get('/api/servers/:id', () =>
        HttpResponse.json(
          { error: { code: 'NOT_FOUND', message: 'Server not found' } },
          { status: 404 },
        ),
      ),
    );
    renderRoute('/servers/not-a-server');
    expect(
      await screen.findByRole('heading', { name: 'Server not found' }, LOAD),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Browse Servers' }),
    ).toHaveAttribute('href', '/servers');
    await waitFor(() => expect(document.title).toBe('Server not found · CrimsonHost'));
  });
});
