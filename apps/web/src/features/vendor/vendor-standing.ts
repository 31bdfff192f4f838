import type { MyVendorStanding, VendorApplication } from '@crimsonhost/shared/vendors';

/**
 * What /vendor/apply shows for my standing:
 * - apply: the form, under the last decision when there was one (rejected, or vendor closed);
 * - pending: my application waits for review;
 * - vendor: I am a vendor (approved, active);
 * - stopped: my vendor account is suspended, or closed without a new application open to me;
 * - closed-form: the form is not open and nothing explains why (a staff account).
 */
export type StandingView =
  | { kind: 'apply'; after: 'rejected' | 'closed' | null }
  | { kind: 'pending'; application: VendorApplication }
  | { kind: 'vendor' }
  | { kind: 'stopped'; status: 'SUSPENDED' | 'CLOSED' }
  | { kind: 'not-open' };

export function standingView({ vendor, application, canApply }: MyVendorStanding): StandingView {
  if (canApply) {
    if (vendor?.status === 'CLOSED') return { kind: 'apply', after: 'closed' };
    if (application?.status === 'REJECTED') return { kind: 'apply', after: 'rejected' };
    return { kind: 'apply', after: null };
  }
  if (vendor?.status === 'SUSPENDED' || vendor?.status === 'CLOSED') {
    return { kind: 'stopped', status: vendor.status };
  }
  if (vendor?.status === 'ACTIVE' || application?.status === 'APPROVED') return { kind: 'vendor' };
  if (application?.status === 'PENDING') return { kind: 'pending', application };
  return { kind: 'not-open' };
}

/** The page's heading for a view. */
export function standingTitle(view: StandingView): string {
  switch (view.kind) {
    case 'apply':
    case 'not-open':
      return 'Become a vendor';
    case 'pending':
      return 'Your vendor application';
    case 'vendor':
    case 'stopped':
      return 'Your vendor account';
  }
}

/** A reason typed by staff, ending as a sentence does (no second full stop). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
