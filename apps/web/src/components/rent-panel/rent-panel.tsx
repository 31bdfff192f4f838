import { Suspense, lazy, useId, useState } from 'react';
import { Button, Flex, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ServerDetail } from '@crimsonhost/shared/catalog';
import { MAX_RENTAL_HOURS } from '@crimsonhost/shared/constants';
import { useAuth } from '../../app/auth/auth-context';
import { paths } from '../../app/paths';
import { ButtonLink } from '../button-link';
import { TextLink } from '../text-link';
import { useToast } from '../use-toast';
import { formatAmount, rentalCost } from '../../lib/rentals/rental-money';
import { formatHours } from '../../lib/rentals/rental-time';
import { rentalsQueryKey } from '../../lib/rentals/rentals-key';
import { HoursPicker } from '../hours-picker';
import { useMyBenefits } from '../../lib/benefits/get-my-benefits';
import { quoteFor } from './rent-quote';
import { Text } from '../typography';
import { Notice } from '../notice';

// The confirmation's Modal, Descriptions and the rent request (about 8 KB brotli) load the first
// time a renter asks to rent, not with the server page (decision 030).
const RentConfirmation = lazy(() =>
  import('./rent-confirmation').then((module) => ({ default: module.RentConfirmation })),
);

const DEFAULT_HOURS = 2;
/** The smallest page the API offers: one active rental per server is all there can be. */
const MY_RENTAL_PAGE_SIZE = 10;

/** `?hours=6` (kept through signing in), else the default. */
function initialHours(value: string | null): number {
  const hours = Number(value);
  return Number.isInteger(hours) && hours >= 1 && hours <= MAX_RENTAL_HOURS ? hours : DEFAULT_HOURS;
}

/** Why this server cannot be rented right now, or null when it can. */
function unavailableReason(server: ServerDetail, userId: string | undefined): string | null {
  if (server.priceUnit !== 'hour') {
    return `This server is priced per ${server.priceUnit} and cannot be rented by the hour here.`;
  }
  if (server.vendor.id === userId) return 'This is your own listing.';
  if (server.status === 'maintenance' || server.availability === 'MAINTENANCE') {
    return 'This server is in maintenance. It can be rented again when the vendor brings it back.';
  }
  if (server.availability === 'RENTED') return 'Someone is renting this server right now.';
  if (server.status !== 'online') {
    return 'This server is offline. It can be rented once it is back online.';
  }
  return null;
}

/**
 * The rent panel of the server detail page: hours (1 to 720, with quick picks), the exact total
 * (less my tier discount, when I have one), and Rent, which asks for confirmation with the
 * balance after. A visitor is asked to sign in first and comes back here with the same hours. A
 * server that cannot be rented now gets no Rent at all, only the reason; the signed-in person's
 * own rental of it points to My Rentals.
 */
export function RentPanel({ server }: { server: ServerDetail }) {
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const hoursId = useId();
  const [hours, setHours] = useState<number | null>(() => initialHours(search.get('hours')));
  const [confirming, setConfirming] = useState(false);
  // Once opened, the confirmation stays mounted so it can animate closed.
  const [confirmationUsed, setConfirmationUsed] = useState(false);
  const [taken, setTaken] = useState<string | null>(null);

  const reason = unavailableReason(server, auth.user?.id);
  const myRentalQuery = {
    status: 'ACTIVE',
    serverId: server.id,
    page: 1,
    pageSize: MY_RENTAL_PAGE_SIZE,
  } as const;
  const myRental = useQuery({
    // The key of the same list in My Rentals. The rentals' schemas load only when asked: for a
    // signed-in person looking at a rented server, not with every server page.
    queryKey: [...rentalsQueryKey(), 'list', myRentalQuery],
    queryFn: () =>
      import('../../lib/rentals/get-rentals').then((module) => module.getRentals(myRentalQuery)),
    enabled: auth.status === 'authenticated' && server.availability === 'RENTED',
  });
  const benefits = useMyBenefits();
  const quote = hours === null ? null : quoteFor(rentalCost(server.price, hours), benefits.data);
  const total = quote?.total ?? null;
  const canRent = hours !== null && taken === null;
  const signInTarget = `${location.pathname}?${new URLSearchParams({ hours: String(hours ?? DEFAULT_HOURS) }).toString()}`;

  if (reason !== null) {
    // Whether the renter is the one renting it is known once the session and their rentals are:
    // until then a skeleton, not "Someone is renting" that turns into "You are renting".
    const askingWhoRents =
      server.availability === 'RENTED' &&
      (auth.status === 'loading' || (myRental.isFetching && !myRental.data));
    if (askingWhoRents) return <Skeleton active paragraph={{ rows: 1 }} />;
    if (myRental.data?.rentals.length) {
      return (
        <Notice
          type="success"
          title="You are renting this server."
          description={
            <Flex vertical align="start" gap={8}>
              Start, stop and extend it from My Rentals.
              <ButtonLink
                to={paths.rentals.href(new URLSearchParams({ status: 'ACTIVE' }))}
                type="primary"
              >
                Go to My Rentals
              </ButtonLink>
            </Flex>
          }
        />
      );
    }
    return (
      <Notice
        type="info"
        title={reason}
        description={<TextLink to={paths.servers.href()}>Browse other servers</TextLink>}
      />
    );
  }

  return (
    <Flex vertical gap={16}>
      <Flex vertical gap={8}>
        <label htmlFor={hoursId}>
          <Text strong>How many hours?</Text>
        </label>
        <HoursPicker id={hoursId} value={hours} onChange={setHours} />
      </Flex>

      <Flex justify="space-between" align="baseline" gap={8} wrap aria-live="polite">
        <Text type="secondary">
          {hours === null
            ? 'Enter 1 to 720 hours'
            : `${formatAmount(server.price)} USDT × ${formatHours(hours)}`}
        </Text>
        <Text strong style={{ fontSize: 18 }}>
          {total === null ? '—' : `${formatAmount(total)} USDT`}
        </Text>
        {quote?.discountLabel && (
          <Text type="secondary" style={{ flexBasis: '100%' }}>
            Your {quote.discountLabel} takes {formatAmount(quote.discount)} USDT off.
          </Text>
        )}
      </Flex>

      {taken ? (
        <Notice
          type="error"
          title="This server is no longer available"
          description={
            <>
              {taken} <TextLink to={paths.servers.href()}>Browse other servers</TextLink>
            </>
          }
        />
      ) : null}

      {auth.status === 'authenticated' ? (
        <Button
          type="primary"
          size="large"
          block
          disabled={!canRent}
          onClick={() => {
            setConfirmationUsed(true);
            setConfirming(true);
          }}
        >
          {total === null ? 'Rent' : `Rent for ${formatAmount(total)} USDT`}
        </Button>
      ) : (
        <ButtonLink
          to={paths.login.href(signInTarget)}
          type="primary"
          size="large"
          block
          disabled={auth.status === 'loading'}
        >
          Sign in to rent
        </ButtonLink>
      )}

      {hours !== null && confirmationUsed && (
        <Suspense fallback={null}>
          <RentConfirmation
            open={confirming}
            server={server}
            hours={hours}
            onClose={() => setConfirming(false)}
            onTaken={(message) => {
              setConfirming(false);
              setTaken(message);
            }}
            onRented={(rental) => {
              setConfirming(false);
              toast(
                'success',
                `${rental.server.name} is yours for ${formatHours(rental.hours)}. Start it from My Rentals.`,
              );
              void navigate(paths.rentals.href());
            }}
          />
        </Suspense>
      )}
    </Flex>
  );
}
