import { createContext, useContext } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerListResponse } from '@crimsonhost/shared/catalog';
import { SERVED_LISTING_META } from '@crimsonhost/shared/first-screen';

interface NamedListing {
  id: string;
  name: string;
}

/** The listing a page was served for; the prerender names its placeholder listing with it. */
export const ServedListing = createContext<NamedListing | null>(null);

/** The listing the server named in the page it served (SERVED_LISTING_META), if any. */
function servedListing(): NamedListing | null {
  const meta =
    typeof document === 'undefined'
      ? null
      : document.querySelector<HTMLMetaElement>(`meta[name="${SERVED_LISTING_META}"]`);
  return meta && { id: meta.dataset.id ?? '', name: meta.content };
}

/**
 * A listing's name before its detail has loaded: from the page the server sent for it, or from a
 * list of servers already loaded (the card the visitor opened), so the heading is there at once.
 */
export function useKnownListingName(id: string): string | undefined {
  const client = useQueryClient();
  const served = useContext(ServedListing) ?? servedListing();
  if (served?.id === id) return served.name;
  for (const [, list] of client.getQueriesData<ServerListResponse>({
    queryKey: ['servers', 'list'],
  })) {
    const card = list?.data.find((server) => server.id === id);
    if (card) return card.name;
  }
  return undefined;
}
