import { Button, Empty, Flex } from 'antd';

/** True when `page` lies past the last page of a list of `total` items (an old link, items gone). */
export function isPastTheEnd(page: number, pageSize: number, total: number): boolean {
  return total > 0 && (page - 1) * pageSize >= total;
}

/** The last page of `total` items, at least 1. */
export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * What a list shows on a page past its end: says so and leads to the last page or the first. It
 * replaces the pager, which would otherwise highlight a page that is not the one shown.
 */
export function PastTheEnd({
  lastPage,
  onGoTo,
}: {
  lastPage: number;
  onGoTo: (page: number) => void;
}) {
  return (
    <Empty description="This page is past the end of the list.">
      <Flex gap={8} wrap justify="center">
        <Button type="primary" onClick={() => onGoTo(lastPage)}>
          Go to the last page
        </Button>
        <Button onClick={() => onGoTo(1)}>Back to the first page</Button>
      </Flex>
    </Empty>
  );
}
