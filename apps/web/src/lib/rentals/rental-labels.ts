import { GAME_LABELS, type Game } from '@crimsonhost/shared/constants';
import type { Rental } from '@crimsonhost/shared/rentals';

/** 'CS:GO · London': the rented server's game and region. */
export function rentalServerLine(server: Rental['server']): string {
  const game = GAME_LABELS[server.game as Game] ?? server.game;
  return server.region.name ? `${game} · ${server.region.name}` : game;
}
