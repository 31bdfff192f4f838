import type { ReactNode } from 'react';
import { theme } from 'antd';

export interface SpecItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

/**
 * Label and value pairs ("Memory: 64 GB") in one column on a phone and two from 576 px, as Ant
 * Design's small unbordered Descriptions lays them out, written as a description list (dt, dd) so
 * a screen reader reads each label with its value. For the server page a first visit loads
 * (decision 058): Descriptions is 2.6 KB of compressed JavaScript there; rules in global.css.
 */
export function SpecList({ items }: { items: SpecItem[] }) {
  const { token } = theme.useToken();
  return (
    <dl
      className="spec-list"
      style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight }}
    >
      {items.map((item) => (
        <div key={item.key} className="spec-list-item">
          <dt style={{ color: token.colorTextDescription }}>{item.label}</dt>
          <dd>{item.children}</dd>
        </div>
      ))}
    </dl>
  );
}
