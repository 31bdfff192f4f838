import { GAME_LABELS, type Game } from '@crimsonhost/shared/constants';
import {
  APPLICATION_STATUS_LABELS,
  VENDOR_STATUS_LABELS,
  type ApplicationStatus,
  type VendorStatus,
} from '@crimsonhost/shared/vendors';
import { DotTag } from './deposit-tags';

type Tone = Parameters<typeof DotTag>[0]['tone'];

const VENDOR_STATUS_TONES: Record<VendorStatus, Tone> = {
  PENDING: 'info',
  ACTIVE: 'success',
  SUSPENDED: 'warning',
  CLOSED: 'neutral',
};

const APPLICATION_STATUS_TONES: Record<ApplicationStatus, Tone> = {
  PENDING: 'info',
  APPROVED: 'success',
  REJECTED: 'error',
};

export function VendorStatusTag({ status }: { status: VendorStatus }) {
  return <DotTag tone={VENDOR_STATUS_TONES[status]}>{VENDOR_STATUS_LABELS[status]}</DotTag>;
}

export function ApplicationStatusTag({ status }: { status: ApplicationStatus }) {
  return (
    <DotTag tone={APPLICATION_STATUS_TONES[status]}>{APPLICATION_STATUS_LABELS[status]}</DotTag>
  );
}

/** The vendor's status, and a tag when an application waits for a decision. */
export function VendorTags({
  status,
  applicationWaiting,
}: {
  status: VendorStatus;
  applicationWaiting: boolean;
}) {
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      <VendorStatusTag status={status} />
      {applicationWaiting && <DotTag tone="warning">Application waiting</DotTag>}
    </span>
  );
}

/** 'Minecraft, Rust': the games a vendor hosts, in the catalog's words. */
export const gamesText = (games: readonly Game[]) =>
  games.length === 0 ? '—' : games.map((game) => GAME_LABELS[game]).join(', ');

/** 'FRA, NYC': the regions a vendor hosts in, by their catalog codes. */
export const regionsText = (regions: readonly string[]) =>
  regions.length === 0 ? '—' : regions.map((region) => region.toUpperCase()).join(', ');
