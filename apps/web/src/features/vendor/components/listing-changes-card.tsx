import { Empty, type TableColumnsType } from 'antd';
import { GAME_LABELS, GAMES } from '@crimsonhost/shared/constants';
import type { ListingChange } from '@crimsonhost/shared/vendor-listings';
import { CaptionedTable } from '../../../components/captioned-table';
import { SurfaceCard } from '../../../components/surface-card';
import { UsdtAmount } from '../../../components/usdt-amount';
import { Dated } from './dated';

const FIELD_LABELS: Record<ListingChange['field'], string> = {
  price: 'Price per hour',
  game: 'Game',
};

/** One side of a change: a price exact to the micro-USDT, or a game by its name. */
function ChangeValue({ field, value }: { field: ListingChange['field']; value: string }) {
  if (field === 'price') return <UsdtAmount amount={value} />;
  const game = GAMES.find((candidate) => candidate === value);
  return <>{game ? GAME_LABELS[game] : value}</>;
}

const COLUMNS: TableColumnsType<ListingChange> = [
  { title: 'When', dataIndex: 'at', render: (at: string) => <Dated at={at} withTime /> },
  {
    title: 'What',
    dataIndex: 'field',
    render: (field: ListingChange['field']) => FIELD_LABELS[field],
  },
  {
    title: 'From',
    key: 'from',
    render: (_, change) => <ChangeValue field={change.field} value={change.from} />,
  },
  {
    title: 'To',
    key: 'to',
    render: (_, change) => <ChangeValue field={change.field} value={change.to} />,
  },
];

/**
 * The changes renters would care about, kept for the record: each new price and game, newest
 * first (the API keeps the last 50).
 */
export function ListingChangesCard({ changes }: { changes: ListingChange[] }) {
  return (
    <SurfaceCard title={<h2 style={{ fontSize: 16, margin: 0 }}>Price and game changes</h2>}>
      {changes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No price or game changes yet" />
      ) : (
        <CaptionedTable<ListingChange>
          caption="Price and game changes, newest first"
          size="small"
          rowKey={(change) => `${change.at}-${change.field}`}
          columns={COLUMNS}
          dataSource={changes}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
    </SurfaceCard>
  );
}
