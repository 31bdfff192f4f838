import { NETWORKS, type Network } from '@crimsonhost/shared/constants';
import { fieldIssueSchema, type FieldIssue } from '@crimsonhost/shared/errors';
import { z } from 'zod';

/** The form's fields, as Ant Design names them. */
export type ApplicationFieldName =
  | ['displayName']
  | ['contactEmail']
  | ['games']
  | ['regions']
  | ['acceptTerms']
  | ['payoutAddresses', Network];

const PLAIN_FIELDS = ['displayName', 'contactEmail', 'games', 'regions', 'acceptTerms'] as const;

/** What is wrong with an application, sorted by where it is shown. */
export interface ApplicationProblems {
  /** Under a field: the first problem of each. */
  fields: Array<{ name: ApplicationFieldName; message: string }>;
  /** Under the payout addresses as a whole: none was given. */
  payoutAddresses: string | null;
  /** Problems no field of the form stands for: shown above the button. */
  other: string[];
}

type Place = ApplicationFieldName | 'payoutAddresses' | null;

/**
 * Where a problem belongs, from its path: the schema's `['payoutAddresses', 'ERC20']` or the
 * API's `'payoutAddresses.ERC20'`. An item of a list (`games.2`) belongs to the list.
 */
export function placeOf(path: string | readonly PropertyKey[]): Place {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const [first, second] = parts;
  if (first === 'payoutAddresses') {
    const network = NETWORKS.find((candidate) => candidate === second);
    return network ? ['payoutAddresses', network] : 'payoutAddresses';
  }
  const plain = PLAIN_FIELDS.find((field) => field === first);
  return plain ? [plain] : null;
}

/** Sorts problems (the schema's issues or the API's field issues) into where they show. */
export function sortProblems(
  issues: ReadonlyArray<{ path: string | readonly PropertyKey[]; message: string }>,
): ApplicationProblems {
  const problems: ApplicationProblems = { fields: [], payoutAddresses: null, other: [] };
  const seen = new Set<string>();
  for (const { path, message } of issues) {
    const place = placeOf(path);
    if (place === 'payoutAddresses') {
      problems.payoutAddresses ??= message;
    } else if (place === null) {
      problems.other.push(message);
    } else if (!seen.has(place.join('.'))) {
      seen.add(place.join('.'));
      problems.fields.push({ name: place, message });
    }
  }
  return problems;
}

const issuesSchema = z.array(fieldIssueSchema);
const detailsSchema = z.union([z.object({ fields: issuesSchema }), issuesSchema]);

/**
 * The field issues of a 400 VALIDATION_ERROR: `details.fields`, as the API's error handler sends
 * them, or `details` itself being the list. Null when there are none to place.
 */
export function fieldIssuesOf(details: unknown): FieldIssue[] | null {
  const parsed = detailsSchema.safeParse(details);
  if (!parsed.success) return null;
  const issues = Array.isArray(parsed.data) ? parsed.data : parsed.data.fields;
  return issues.length > 0 ? issues : null;
}
