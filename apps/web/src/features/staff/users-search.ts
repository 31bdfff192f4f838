import type { AdminUsersQuery } from '@crimsonhost/shared/admin';
import { userStatusSchema } from '@crimsonhost/shared/auth';
import {
  DEFAULT_PAGE_SIZE,
  ROLES,
  TABLE_PAGE_SIZES,
  type PageSize,
  type Role,
} from '@crimsonhost/shared/constants';

export const USER_STATUSES = userStatusSchema.options;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The users list's search, filters and page, as the URL holds them and the API takes them. */
export interface UsersSearch {
  /** Part of an e-mail or a display name, or a whole account id. */
  q?: string;
  role?: Role;
  status?: UserStatus;
  page: number;
  pageSize: PageSize;
}

export const DEFAULT_USERS_SEARCH: UsersSearch = { page: 1, pageSize: DEFAULT_PAGE_SIZE };

/** The longest search the API takes. */
export const USERS_SEARCH_MAX = 200;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined;
}

/**
 * The list as the URL asks for it: ?q=ada&role=vendor&status=suspended&page=2. Anything the API
 * would refuse falls back to its default, so an old or edited link still opens.
 */
export function readUsersSearch(params: URLSearchParams): UsersSearch {
  const q = params.get('q')?.trim().slice(0, USERS_SEARCH_MAX);
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  return {
    q: q || undefined,
    role: oneOf(ROLES, params.get('role')),
    status: oneOf(USER_STATUSES, params.get('status')),
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    pageSize: TABLE_PAGE_SIZES.includes(pageSize as PageSize)
      ? (pageSize as PageSize)
      : DEFAULT_PAGE_SIZE,
  };
}

/** The URL search of a view; defaults are left out so the plain URL stays plain. */
export function writeUsersSearch(search: UsersSearch): URLSearchParams {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.role) params.set('role', search.role);
  if (search.status) params.set('status', search.status);
  if (search.page > 1) params.set('page', String(search.page));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(search.pageSize));
  return params;
}

/** Whether anything narrows the list (paging aside). */
export function hasUsersFilters(search: UsersSearch): boolean {
  return Boolean(search.q || search.role || search.status);
}

/** What GET /api/admin/users is asked. */
export function toUsersQuery(search: UsersSearch): AdminUsersQuery {
  return {
    q: search.q,
    role: search.role,
    status: search.status,
    page: search.page,
    pageSize: search.pageSize,
  };
}
