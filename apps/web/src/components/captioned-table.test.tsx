import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaptionedTable } from './captioned-table';

const COLUMNS = [{ title: 'Name', dataIndex: 'name', key: 'name' }];
const ROWS = [{ key: '1', name: 'Blocky Valley' }];

describe('CaptionedTable', () => {
  it('is named by its caption and says it is busy while its rows are being replaced', () => {
    const { rerender } = render(
      <CaptionedTable caption="Deposits: Open, newest first" columns={COLUMNS} dataSource={ROWS} />,
    );
    const table = screen.getByRole('table', { name: 'Deposits: Open, newest first' });
    expect(table).toHaveAttribute('aria-busy', 'false');

    // Another view is chosen: the old rows stay while the new ones load.
    rerender(
      <CaptionedTable
        caption="Deposits: Wrong network, newest first"
        columns={COLUMNS}
        dataSource={ROWS}
        loading
      />,
    );
    const busy = screen.getByRole('table', { name: 'Deposits: Wrong network, newest first' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    // Updated in place, not rebuilt: focus and scroll inside it survive a new caption.
    expect(busy).toBe(table);

    rerender(
      <CaptionedTable
        caption="Deposits: Wrong network, newest first"
        columns={COLUMNS}
        dataSource={ROWS}
        loading={{ spinning: false }}
      />,
    );
    expect(table).toHaveAttribute('aria-busy', 'false');
  });
});
