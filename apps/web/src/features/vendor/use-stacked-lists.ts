import { useMediaQuery } from '../../lib/use-media-query';

/** Below antd's lg breakpoint the area's lists stack as cards: their tables need more room. */
const STACK_QUERY = '(max-width: 991.98px)';

/** Whether the vendor area's lists show as cards, one under another, rather than tables. */
export function useStackedLists(): boolean {
  return useMediaQuery(STACK_QUERY);
}
