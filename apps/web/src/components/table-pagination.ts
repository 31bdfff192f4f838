import type { TablePaginationConfig } from 'antd';
import { DEFAULT_PAGE_SIZE, TABLE_PAGE_SIZES, type PageSize } from '@crimsonhost/shared/constants';

/** Paging shared by every table and list: page sizes 10, 20, 50 and 100, with a size changer. */
export const TABLE_PAGINATION: TablePaginationConfig = {
  defaultPageSize: DEFAULT_PAGE_SIZE,
  pageSizeOptions: [...TABLE_PAGE_SIZES],
  showSizeChanger: true,
  showTotal: (total, [from, to]) => `${from}-${to} of ${total}`,
};

/** A list's search after its table changed page: a new page size starts from the first page. */
export function turnPage<S extends { page: number; pageSize: PageSize }>(
  search: S,
  page: number,
  pageSize: number,
): S {
  return {
    ...search,
    page: pageSize === search.pageSize ? page : 1,
    pageSize: pageSize as PageSize,
  };
}
