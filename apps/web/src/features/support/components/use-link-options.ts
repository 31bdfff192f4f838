import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { formatUsdt } from '@crimsonhost/shared/money';
import { rentalsQueryOptions } from '../../../lib/rentals/get-rentals';
import { transactionsQueryOptions } from '../../../lib/wallet/get-transactions';
import { CURRENCY_LABELS, TRANSACTION_TYPE_LABELS } from '../../../lib/wallet/transaction-labels';

/** "Related to": nothing in particular. */
export const NO_LINK = 'none';

/** The `?link=` of a new ticket, as the Select's value: 'rental:<id>', 'transaction:<id>' or none. */
export function readLinkParam(link: string | null): string {
  return link && /^(rental|transaction):[0-9a-f-]{36}$/i.test(link) ? link : NO_LINK;
}

/** What the API takes for a chosen record. */
export function linkedIds(value: string | undefined): {
  rentalId?: string;
  transactionId?: string;
} {
  const [kind, id] = (value ?? NO_LINK).split(':');
  if (kind === 'rental' && id) return { rentalId: id };
  if (kind === 'transaction' && id) return { transactionId: id };
  return {};
}

const LIST = { page: 1, pageSize: 100 };

/**
 * The records a ticket can be about, chosen from my own (never typed): my last 100 rentals and
 * transactions. `activeRentals` holds the values Urgent is allowed for.
 */
export function useLinkOptions(enabled: boolean) {
  // The lists are read once for the form: no need to follow run states while it is written.
  const rentals = useQuery({ ...rentalsQueryOptions(LIST), enabled, refetchInterval: false });
  const transactions = useQuery({
    ...transactionsQueryOptions(LIST),
    enabled,
    refetchInterval: false,
  });
  const rentalOptions = (rentals.data?.rentals ?? []).map((rental) => ({
    value: `rental:${rental.id}`,
    label: `Rental: ${rental.server.name} (${rental.status.toLowerCase()})`,
    active: rental.status === 'ACTIVE',
  }));
  const transactionOptions = (transactions.data?.data ?? []).map((transaction) => ({
    value: `transaction:${transaction.id}`,
    label: `${TRANSACTION_TYPE_LABELS[transaction.type]}: ${formatUsdt(transaction.amount.replace(/^-/, ''))} ${CURRENCY_LABELS[transaction.currency]} · ${dayjs(transaction.createdAt).format('D MMM YYYY')}`,
  }));
  const known = new Set([
    ...rentalOptions.map((option) => option.value),
    ...transactionOptions.map((option) => option.value),
  ]);
  return {
    loading: rentals.isLoading || transactions.isLoading,
    /** Both lists have answered (or failed): a preselected record not in them is not mine. */
    settled: !rentals.isLoading && !transactions.isLoading,
    failed: rentals.isError || transactions.isError,
    retry: () => {
      void rentals.refetch();
      void transactions.refetch();
    },
    options: [
      { value: NO_LINK, label: 'None' },
      ...(rentalOptions.length
        ? [
            {
              label: 'My rentals',
              options: rentalOptions.map(({ value, label }) => ({ value, label })),
            },
          ]
        : []),
      ...(transactionOptions.length
        ? [{ label: 'My transactions', options: transactionOptions }]
        : []),
    ],
    isKnown: (value: string) => value === NO_LINK || known.has(value),
    activeRentals: new Set(rentalOptions.filter((option) => option.active).map((o) => o.value)),
  };
}
