import { describe, expect, it } from 'vitest';
import { vendorApplicationRequestSchema } from '@crimsonhost/shared/vendors';
import { fieldIssuesOf, placeOf, sortProblems } from './application-problems';

describe('application problems', () => {
  it('places the API field names and the schema paths on the same fields', () => {
    expect(placeOf('payoutAddresses.ERC20')).toEqual(['payoutAddresses', 'ERC20']);
    expect(placeOf(['payoutAddresses', 'TRC20'])).toEqual(['payoutAddresses', 'TRC20']);
    expect(placeOf('payoutAddresses')).toBe('payoutAddresses');
    expect(placeOf('games.2')).toEqual(['games']);
    expect(placeOf(['regions', 0])).toEqual(['regions']);
    expect(placeOf('contactEmail')).toEqual(['contactEmail']);
    expect(placeOf('body')).toBeNull();
  });

  it('sorts what the contract finds in an empty application into the places it shows', () => {
    const result = vendorApplicationRequestSchema.safeParse({
      displayName: 'N',
      contactEmail: 'not an address',
      games: [],
      regions: [],
      payoutAddresses: { TRC20: 'T123' },
      acceptTerms: false,
    });
    expect(result.success).toBe(false);
    const problems = sortProblems(result.error!.issues);
    expect(problems.fields.map(({ name }) => name.join('.'))).toEqual([
      'displayName',
      'contactEmail',
      'games',
      'regions',
      'payoutAddresses.TRC20',
      'acceptTerms',
    ]);
    expect(problems.payoutAddresses).toBeNull();
    expect(problems.other).toEqual([]);
  });

  it('says when no payout address was given at all', () => {
    const problems = sortProblems([
      { path: ['payoutAddresses'], message: 'Give a payout address for at least one network' },
      { path: 'somethingElse', message: 'Something else is wrong' },
    ]);
    expect(problems.payoutAddresses).toBe('Give a payout address for at least one network');
    expect(problems.other).toEqual(['Something else is wrong']);
  });

  it('keeps only the first problem of a field', () => {
    const problems = sortProblems([
      { path: 'games.0', message: 'first' },
      { path: 'games.1', message: 'second' },
    ]);
    expect(problems.fields).toEqual([{ name: ['games'], message: 'first' }]);
  });

  it('reads the field issues from details.fields or from details as a list', () => {
    const issue = { field: 'payoutAddresses.ERC20', message: 'Wrong checksum' };
    expect(fieldIssuesOf({ fields: [issue] })).toEqual([issue]);
    expect(fieldIssuesOf([issue])).toEqual([issue]);
    expect(fieldIssuesOf({ fields: [] })).toBeNull();
    expect(fieldIssuesOf('nonsense')).toBeNull();
    expect(fieldIssuesOf(undefined)).toBeNull();
  });
});
