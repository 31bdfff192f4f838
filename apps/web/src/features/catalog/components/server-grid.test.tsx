import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ServerCard as ServerCardData } from '@crimsonhost/shared/catalog';
import { buildServerCard } from '../../../test/server-fixtures';
import { ServerGrid } from './server-grid';

// Counts the cards drawn: a card stands in for the real one, which the card's own tests cover.
const drawn = vi.hoisted(() => ({ cards: 0 }));
vi.mock('../../../components/server-card', () => ({
  ServerCard: ({ server }: { server: ServerCardData }) => {
    drawn.cards += 1;
    return <p>{server.name}</p>;
  },
}));

describe('ServerGrid', () => {
  it('draws its cards again only for another list', () => {
    const list = [buildServerCard({ name: 'Alpha' }), buildServerCard({ name: 'Beta' })];
    const { rerender } = render(<ServerGrid servers={list} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(drawn.cards).toBe(2);

    // The page around it drew again (a refresh that brought the same servers, a filter typed).
    rerender(<ServerGrid servers={list} />);
    expect(drawn.cards).toBe(2);

    rerender(<ServerGrid servers={[...list, buildServerCard({ name: 'Gamma' })]} />);
    expect(drawn.cards).toBe(5);
    expect(screen.getByText('Gamma')).toBeInTheDocument();
  });
});
