import type { ListingState, VendorListing } from '@crimsonhost/shared/vendor-listings';

/** What each state means for renters, in a sentence a vendor reads beside the state. */
export const LISTING_STATE_EXPLANATIONS: Record<ListingState, string> = {
  CHECKING: 'Not in the catalog yet: waiting for your game server to answer a status query.',
  LIVE: 'In the catalog: renters can rent it while it is online.',
  PAUSED: 'In the catalog, shown in maintenance: nobody can rent it until you resume it.',
  HIDDEN: 'Out of the catalog while your vendor account is suspended or closed.',
};

/** What a listing waiting for its first answer says, on its page. */
export const CHECKING_NOTE =
  'We are asking your game server for its status. The listing appears in the catalog as soon as it answers.';

/** Why pausing and deleting are not offered while a rental runs. */
export const RENTED_REASON =
  'Rented right now: you can pause or delete it once the rental has ended.';

/** Paused by its vendor: shown in maintenance (its state may still be CHECKING or HIDDEN). */
export const isPaused = (listing: Pick<VendorListing, 'availability'>) =>
  listing.availability === 'MAINTENANCE';

/** The toast after a pause or a resume, naming the server. */
export function pausedMessage(name: string, paused: boolean): string {
  return paused
    ? `“${name}” is paused: renters see it in maintenance and cannot rent it.`
    : `“${name}” is resumed: renters can rent it again while it is online.`;
}
