import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ServerCard as ServerCardData } from '@crimsonhost/shared/catalog';
import { buildServerCard } from '../test/server-fixtures';
import { playerBarLevel } from './player-bar';
import { ServerCard, formatServerPrice } from './server-card';

function renderCard(server: ServerCardData) {
  return render(
    <MemoryRouter>
      <ServerCard server={server} />
    </MemoryRouter>,
  );
}

function barLevel() {
  return screen
    .getByLabelText(/of \d+ players/)
    .closest('[data-level]')
    ?.getAttribute('data-level');
}

describe('server card', () => {
  it('shows name, status, game, region, specs and the price with two decimals per hour', () => {
    renderCard(buildServerCard({ name: 'Dust2 Only', price: '12.500000' }));
    expect(screen.getByRole('heading', { name: 'Dust2 Only' })).toBeInTheDocument();
    expect(screen.getByText('Online')).toBeInTheDocument();
    expect(screen.getByText('CS:GO')).toBeInTheDocument();
    expect(screen.getByText(/Frankfurt, Germany/)).toBeInTheDocument();
    expect(
      screen.getByText('4 vCores · Ryzen 9 7950X · 8 GB RAM · 80 GB NVMe'),
    ).toBeInTheDocument();
    expect(screen.getByText('12.50 USDT / hour')).toBeInTheDocument();
    expect(screen.getByText('5 / 20 players')).toBeInTheDocument();
  });

  it.each([
    ['0.065753', 'hour', '0.07 USDT / hour'],
    ['0.005000', 'hour', '0.01 USDT / hour'],
    ['0.004999', 'hour', '0.00 USDT / hour'],
    ['1250.000000', 'day', '1,250.00 USDT / day'],
    ['3.100000', 'month', '3.10 USDT / month'],
  ] as const)('formats %s per %s as %s', (price, unit, text) => {
    expect(formatServerPrice(price, unit)).toBe(text);
  });

  it('leaves out specs the server does not have', () => {
    renderCard(buildServerCard({ cpu: null, ram: '4 GB', storage: null }));
    expect(screen.getByText('4 GB RAM')).toBeInTheDocument();
    expect(screen.queryByText(/vCores/)).not.toBeInTheDocument();
  });

  it.each([
    [0, 20, 'normal'],
    [14, 20, 'normal'], // exactly 70%
    [71, 100, 'warning'],
    [18, 20, 'warning'], // exactly 90%
    [91, 100, 'danger'],
    [20, 20, 'danger'],
  ] as const)('colours %i of %i players as %s', (current, max, level) => {
    expect(playerBarLevel(current, max)).toBe(level);
    renderCard(buildServerCard({ players: { current, max } }));
    expect(barLevel()).toBe(level);
  });

  it('keeps an empty server with no slots at the normal colour', () => {
    expect(playerBarLevel(0, 0)).toBe('normal');
  });

  it('offers Rent Server, leading to the server page, only when the server is online', () => {
    const online = buildServerCard({ name: 'Up', status: 'online' });
    const { unmount } = renderCard(online);
    expect(screen.getByRole('link', { name: 'Rent Server: Up' })).toHaveAttribute(
      'href',
      `/servers/${online.id}`,
    );
    unmount();
    for (const status of ['offline', 'maintenance'] as const) {
      const { unmount: close } = renderCard(buildServerCard({ name: status, status }));
      expect(screen.queryByRole('link', { name: /Rent Server/ })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: status })).toBeInTheDocument();
      close();
    }
  });

  it('offers no Rent Server on an online server that is rented or in maintenance', () => {
    for (const availability of ['RENTED', 'MAINTENANCE'] as const) {
      const { unmount } = renderCard(
        buildServerCard({ name: availability, status: 'online', availability }),
      );
      expect(screen.queryByRole('link', { name: /Rent Server/ })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: availability })).toBeInTheDocument();
      unmount();
    }
  });
});
