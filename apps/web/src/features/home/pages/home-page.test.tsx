import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GAMES, GAME_LABELS, NETWORKS } from '@crimsonhost/shared/constants';
import { renderRoute } from '../../../test/render-route';

describe('home page', () => {
  it('says what CrimsonHost is and leads to the server list', async () => {
    const { user, router } = renderRoute('/');
    const main = screen.getByRole('main');

    expect(await within(main).findByRole('heading', { level: 1 })).toHaveTextContent(
      'Your own game server, rented by the hour.',
    );
    const [heroCta] = within(main).getAllByRole('link', { name: 'Browse Servers' });
    expect(heroCta).toHaveAttribute('href', '/servers');

    await user.click(heroCta!);
    expect(router.state.location.pathname).toBe('/servers');
  });

  it('names the USDT networks and explains renting in three steps', async () => {
    renderRoute('/');
    const steps = await screen.findByRole('region', { name: 'How renting with USDT works' });
    for (const network of NETWORKS) {
      expect(
        within(screen.getByLabelText('Accepted USDT networks')).getByText(network),
      ).toBeVisible();
    }
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Fund your wallet with USDT',
      'Pick a server and rent by the hour',
      'Play — payment held in escrow until your rental ends',
    ]);
  });

  it('lists the five games offered', async () => {
    renderRoute('/');
    const catalog = await screen.findByRole('region', { name: 'Games you can host' });
    const names = within(catalog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(names).toEqual(GAMES.map((game) => GAME_LABELS[game]));
  });

  it('links to the buyer protection policy', async () => {
    renderRoute('/');
    const link = await screen.findByRole('link', { name: 'Read the buyer protection policy' });
    expect(link).toHaveAttribute('href', '/policies/buyer-protection');
  });
});
