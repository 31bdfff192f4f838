import { describe, expect, it } from 'vitest';
import { buildApplication, buildStanding, buildVendor } from './test/vendor-fixtures';
import { asSentence, standingTitle, standingView } from './vendor-standing';

describe('vendor standing', () => {
  it('opens the form to someone who never applied', () => {
    const view = standingView(buildStanding());
    expect(view).toEqual({ kind: 'apply', after: null });
    expect(standingTitle(view)).toBe('Become a vendor');
  });

  it('opens the form under the rejection, or under the closing of the vendor account', () => {
    const rejected = buildApplication({ status: 'REJECTED', decisionReason: 'No such servers' });
    expect(standingView(buildStanding({ application: rejected }))).toEqual({
      kind: 'apply',
      after: 'rejected',
    });
    expect(
      standingView(
        buildStanding({
          application: buildApplication({ status: 'APPROVED' }),
          vendor: buildVendor({ status: 'CLOSED', statusReason: 'Asked to close' }),
        }),
      ),
    ).toEqual({ kind: 'apply', after: 'closed' });
  });

  it('shows a waiting application, an active vendor, and a stopped one', () => {
    const pending = buildApplication();
    expect(
      standingView(
        buildStanding({
          canApply: false,
          application: pending,
          vendor: buildVendor({ status: 'PENDING' }),
        }),
      ),
    ).toEqual({ kind: 'pending', application: pending });
    const approved = buildApplication({ status: 'APPROVED' });
    expect(
      standingView(
        buildStanding({ canApply: false, application: approved, vendor: buildVendor() }),
      ),
    ).toEqual({ kind: 'vendor' });
    for (const status of ['SUSPENDED', 'CLOSED'] as const) {
      const view = standingView(
        buildStanding({ canApply: false, application: approved, vendor: buildVendor({ status }) }),
      );
      expect(view).toEqual({ kind: 'stopped', status });
      expect(standingTitle(view)).toBe('Your vendor account');
    }
  });

  it('says the form is not open when nothing else explains it (a staff account)', () => {
    expect(standingView(buildStanding({ canApply: false }))).toEqual({ kind: 'not-open' });
  });

  it('ends a reason as one sentence', () => {
    expect(asSentence('Listings were fake')).toBe('Listings were fake.');
    expect(asSentence('Listings were fake. ')).toBe('Listings were fake.');
    expect(asSentence('Why?')).toBe('Why?');
  });
});
