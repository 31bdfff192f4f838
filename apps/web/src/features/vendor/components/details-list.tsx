import { Descriptions, theme, type DescriptionsProps } from 'antd';
import { useMediaQuery } from '../../../lib/use-media-query';

/** Label and value rows; on a phone the labels go above their values to leave room for them. */
export function DetailsList({ items }: { items: NonNullable<DescriptionsProps['items']> }) {
  const narrow = useMediaQuery('(max-width: 575.98px)');
  const { token } = theme.useToken();
  // antd's label grey is below 4.5:1; the secondary text colour is not.
  const label = { color: token.colorTextSecondary };
  return (
    <Descriptions
      column={1}
      size="small"
      layout={narrow ? 'vertical' : 'horizontal'}
      styles={{ label: narrow ? label : { ...label, width: 200 } }}
      items={items}
    />
  );
}
