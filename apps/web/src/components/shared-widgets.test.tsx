import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardGridSkeleton, ListSkeleton } from './skeleton-loaders';
import { LoadingSpinner } from './loading-spinner';
import { TABLE_PAGINATION } from './table-pagination';

describe('loading placeholders', () => {
  it('the spinner announces Loading...', () => {
    render(<LoadingSpinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('the card grid skeleton draws one placeholder card per expected card', () => {
    const { container } = render(<CardGridSkeleton count={4} />);
    expect(screen.getByRole('status', { name: 'Loading content' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(container.querySelectorAll('.surface-card')).toHaveLength(4);
  });

  it('the list skeleton draws one line per expected row', () => {
    const { container } = render(<ListSkeleton rows={3} />);
    expect(screen.getByRole('status', { name: 'Loading content' })).toBeInTheDocument();
    expect(container.querySelectorAll('.ant-skeleton')).toHaveLength(3);
  });
});

describe('TABLE_PAGINATION', () => {
  it('offers page sizes 10, 20, 50 and 100 with a size changer', () => {
    expect(TABLE_PAGINATION.pageSizeOptions).toEqual([10, 20, 50, 100]);
    expect(TABLE_PAGINATION.showSizeChanger).toBe(true);
    expect(TABLE_PAGINATION.showTotal?.(45, [21, 40])).toBe('21-40 of 45');
  });
});
