import { Button, Flex } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { SelectField } from './native-field';
import { Text } from './typography';

/**
 * The page numbers to show for page `current` of `last`: the first, the last, the current one
 * with its two neighbours on each side, and null where a run of pages is left out (as Ant
 * Design's Pagination shows them).
 */
export function pageNumbers(current: number, last: number): (number | null)[] {
  const shown = new Set([1, last]);
  for (let page = current - 2; page <= current + 2; page += 1) {
    if (page >= 1 && page <= last) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  const withGaps: (number | null)[] = [];
  for (const [index, page] of pages.entries()) {
    const before = pages[index - 1];
    if (before !== undefined && page - before === 2) withGaps.push(before + 1);
    else if (before !== undefined && page - before > 2) withGaps.push(null);
    withGaps.push(page);
  }
  return withGaps;
}

export interface PageNavProps {
  current: number;
  pageSize: number;
  /** How many items the pages hold (capped where the list stops paging). */
  total: number;
  pageSizes: readonly number[];
  /** The words under the pages, such as "1-24 of 120". */
  summary: string;
  /** A new page, or a new page size (then the first page). */
  onChange: (page: number, pageSize: number) => void;
}

/**
 * The pager of the catalog (decision 054): Ant Design's Pagination, drawn with buttons and the
 * browser's select for the page size. A navigation landmark; the current page is marked for
 * screen readers, each number says which page it opens.
 */
export function PageNav({ current, pageSize, total, pageSizes, summary, onChange }: PageNavProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages">
      <Flex gap={8} wrap align="center" justify="center">
        <Text type="secondary">{summary}</Text>
        <Flex component="ul" gap={4} wrap align="center" className="page-nav-list">
          <li>
            <Button
              type="text"
              icon={<LeftOutlined aria-hidden />}
              aria-label="Previous page"
              disabled={current <= 1}
              onClick={() => onChange(current - 1, pageSize)}
            />
          </li>
          {pageNumbers(current, last).map((page, index) =>
            page === null ? (
              <li key={`gap-${index}`} aria-hidden="true" className="page-nav-gap">
                •••
              </li>
            ) : (
              <li key={page}>
                <Button
                  type={page === current ? 'primary' : 'text'}
                  aria-label={`Page ${page}`}
                  aria-current={page === current ? 'page' : undefined}
                  onClick={() => onChange(page, pageSize)}
                >
                  {page}
                </Button>
              </li>
            ),
          )}
          <li>
            <Button
              type="text"
              icon={<RightOutlined aria-hidden />}
              aria-label="Next page"
              disabled={current >= last}
              onClick={() => onChange(current + 1, pageSize)}
            />
          </li>
        </Flex>
        <SelectField
          aria-label="Page size"
          value={String(pageSize)}
          options={pageSizes.map((size) => ({ value: String(size), label: `${size} / page` }))}
          onChange={(size) => onChange(1, Number(size ?? pageSize))}
          style={{ width: 'auto' }}
        />
      </Flex>
    </nav>
  );
}
