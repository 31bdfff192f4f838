import { GAME_LABELS, type Game } from '@crimsonhost/shared/constants';
import type { Rental } from '@crimsonhost/shared/rentals';

/**
 * 'CS:GO · LON': the rented server's game and region. A rental names its region by code only
 * (the catalog has the names), so the code is shown as such.
 */
export function rentalServerLine(server: Rental['server']): string {
  const game = GAME_LABELS[server.game as Game] ?? server.game;
  return server.region ? `${game} · ${server.region.toUpperCase()}` : game;
}
