import { Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import {
  VENDOR_CLEARING_DAYS,
  type AdminVendor,
  type PayoutAddress,
  type VendorBalances,
} from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { DetailCard } from './detail-card';
import { Moment } from './user-tags';
import { FullAddress } from './vendor-application-card';
import { gamesText, regionsText } from './vendor-tags';
import { UsdtAmount } from '../../../components/usdt-amount';

/** Who the vendor is to renters and to us: contact, games, regions, listings, dates and id. */
export function VendorDetailsCard({ vendor }: { vendor: AdminVendor }) {
  return (
    <DetailCard title="Details">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 1, md: 2, lg: 1, xl: 2, xxl: 2 }}
        styles={{ label: { whiteSpace: 'nowrap' } }}
        items={[
          {
            key: 'account',
            label: 'Account',
            children: (
              <Link to={paths.staffUser.href(vendor.id)} style={{ overflowWrap: 'anywhere' }}>
                {vendor.account.email}
              </Link>
            ),
          },
          {
            key: 'contact',
            label: 'Contact e-mail',
            children: (
              <Typography.Text
                copyable={{ text: vendor.contactEmail, tooltips: ['Copy e-mail', 'Copied'] }}
                style={{ overflowWrap: 'anywhere' }}
              >
                {vendor.contactEmail}
              </Typography.Text>
            ),
          },
          { key: 'games', label: 'Games', children: gamesText(vendor.games) },
          { key: 'regions', label: 'Regions', children: regionsText(vendor.regions) },
          { key: 'listings', label: 'Listings', children: vendor.listings.toLocaleString('en-US') },
          { key: 'created', label: 'First applied', children: <Moment at={vendor.createdAt} /> },
          { key: 'updated', label: 'Last change', children: <Moment at={vendor.updatedAt} /> },
          {
            key: 'id',
            label: 'Vendor id',
            children: (
              <Typography.Text
                code
                copyable={{ text: vendor.id, tooltips: ['Copy vendor id', 'Copied'] }}
                style={{ overflowWrap: 'anywhere' }}
              >
                {vendor.id}
              </Typography.Text>
            ),
          },
        ]}
      />
    </DetailCard>
  );
}

/** The vendor's money in each state, from the ledger, exact to the micro-USDT. */
export function VendorBalancesCard({ balances }: { balances: VendorBalances }) {
  return (
    <DetailCard title="Balances">
      <Descriptions
        size="small"
        column={1}
        items={[
          {
            key: 'escrow',
            label: 'In escrow (rentals running)',
            children: <UsdtAmount amount={balances.escrow} />,
          },
          {
            key: 'pending',
            label: `Pending (${VENDOR_CLEARING_DAYS} days after a rental ends)`,
            children: <UsdtAmount amount={balances.pending} />,
          },
          {
            key: 'available',
            label: 'Available',
            children: <UsdtAmount amount={balances.available} />,
          },
          {
            key: 'payoutPending',
            label: 'Payout pending',
            children: <UsdtAmount amount={balances.payoutPending} />,
          },
          { key: 'paidOut', label: 'Paid out', children: <UsdtAmount amount={balances.paidOut} /> },
        ]}
      />
    </DetailCard>
  );
}

/**
 * Where the vendor is paid, one address per network, with when each was last saved: a list, as
 * a full address is wider than a table cell of this card (it would scroll sideways).
 */
export function PayoutAddressesCard({ addresses }: { addresses: PayoutAddress[] }) {
  return (
    <DetailCard title="Payout addresses">
      {addresses.length === 0 ? (
        <Typography.Text type="secondary">No payout address is saved</Typography.Text>
      ) : (
        <Descriptions
          size="small"
          column={1}
          items={addresses.map((address) => ({
            key: address.network,
            label: address.network,
            children: (
              <span>
                <FullAddress address={address.address} />
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  Saved <Moment at={address.updatedAt} />
                </Typography.Text>
              </span>
            ),
          }))}
        />
      )}
    </DetailCard>
  );
}
