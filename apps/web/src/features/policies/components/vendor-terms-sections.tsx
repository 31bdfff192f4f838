import { Typography } from 'antd';
import { VENDOR_TERMS_VERSION } from '@crimsonhost/shared/vendors';
import { paths } from '../../../app/paths';
import { TextLink } from '../../../components/text-link';
import { BulletList, type PolicySection } from './policy-layout';
import { VENDOR_TERMS_FIGURES as FIGURES } from './vendor-terms-figures';
import { VendorTermsLimitsTable } from './vendor-terms-limits-table';

const { Paragraph, Text } = Typography;

/** The vendor terms, section by section; the page builds its table of contents from it. */
export const VENDOR_TERMS_SECTIONS: PolicySection[] = [
  {
    id: 'becoming-a-vendor',
    title: 'Becoming a vendor',
    body: (
      <>
        <Paragraph>
          Any signed-in CrimsonHost account can apply to become a vendor from the{' '}
          <TextLink to={paths.vendorApply.href()}>vendor application</TextLink>. You give a business
          or display name, a contact e-mail, the games and regions you host, and a payout address
          for at least one network, and you accept these terms.
        </Paragraph>
        <Paragraph>
          An administrator reviews every application and approves or rejects it with a reason. You
          hear the decision by e-mail and in the web app. A rejected application can be corrected
          and sent again.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'your-servers',
    title: 'Your servers and listings',
    body: (
      <>
        <Paragraph>Renters pay for what your listing says, so a listing must be true:</Paragraph>
        <BulletList
          items={[
            <>
              <Text strong>List only real servers you control.</Text> Every listing is a game server
              you run or rent yourself and can start, stop and fix. Listing a server that is not
              yours to rent out is not allowed.
            </>,
            <>
              <Text strong>Keep it running as described.</Text> The game, region, CPU, memory,
              storage and player slots must be what the listing shows for the whole rental. The
              catalog checks each server&apos;s status regularly and shows renters what it finds.
            </>,
            <>
              <Text strong>Pause instead of letting it fail.</Text> When a server needs work, put
              its listing in maintenance so nobody new rents it. A rental that is already running
              still has to be served to its end.
            </>,
            'Treat what renters store on your server as theirs: do not read, copy or share it, and do not contact renters outside CrimsonHost about a rental.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'prices-and-commission',
    title: 'Prices and commission',
    body: (
      <>
        <Paragraph>
          You set the price of each listing <Text strong>per hour, in USDT</Text>. Renters pay the
          price shown when they rent; a later change of price applies to new rentals only.
        </Paragraph>
        <Paragraph>
          CrimsonHost keeps a <Text strong>commission from each rental</Text>: the rental commission
          shown in the platform&apos;s settings when the rental is paid. The rest of the rent is
          your earnings. The commission taken is shown with each rental, next to what it earned you.
        </Paragraph>
        <Paragraph type="secondary">
          Example, with a commission of 10 %: a renter rents your server for 10 hours at 0.50 USDT
          per hour and pays 5.00 USDT. CrimsonHost keeps 0.50 USDT and 4.50 USDT is your earnings.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'earnings',
    title: 'When your earnings become yours',
    body: (
      <>
        <Paragraph>
          Renters are promised by the{' '}
          <TextLink to={paths.buyerProtection.href()}>buyer protection policy</TextLink> that their
          rent is held until the service has been delivered, and that they can open a dispute until{' '}
          {FIGURES.clearingDays} days after a rental ends. Your earnings follow that promise, step
          by step, and each step shows its date in your earnings:
        </Paragraph>
        <BulletList
          items={[
            <>
              <Text strong>In escrow</Text> while the rental runs.
            </>,
            <>
              <Text strong>Pending</Text> when the rental ends, for {FIGURES.clearingDays} days: the
              dispute window of the buyer protection policy.
            </>,
            <>
              <Text strong>Available</Text> after those {FIGURES.clearingDays} days. Available money
              can be paid out.
            </>,
            <>
              <Text strong>Paid out</Text> once a payout of it has been sent and seen on the chain.
            </>,
          ]}
        />
        <Paragraph>
          A payment under dispute is <Text strong>not released</Text> until support has decided the
          dispute, even after the {FIGURES.clearingDays} days. A refund that support grants the
          renter comes out of the rental&apos;s payment before the rest reaches you.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'payouts',
    title: 'Payouts',
    body: (
      <BulletList
        items={[
          <>
            Payouts are made in <Text strong>USDT</Text> to the payout address you saved, on the
            network you choose: <Text strong>TRC20</Text> (Tron), <Text strong>ERC20</Text>{' '}
            (Ethereum) or <Text strong>BEP20</Text> (BNB Smart Chain).
          </>,
          <>
            A payout is at least <Text strong>{FIGURES.minimumPayoutUsdt} USDT</Text> of available
            money. You can request <Text strong>one payout a day</Text>, and one at a time: the next
            request waits until the last one is paid, rejected or cancelled.
          </>,
          <>
            Changing a payout address needs your account password, is confirmed to you by e-mail and{' '}
            <Text strong>locks payouts for {FIGURES.addressChangeLockHours} hours</Text>, so that
            someone who got into your account cannot send your money elsewhere at once.
          </>,
          <>
            A payout is marked <Text strong>paid only when the chain shows the transfer</Text>: the
            right amount of USDT, to your address, on that network, with enough confirmations. Until
            then it shows as requested, with its date.
          </>,
          'A rejected or cancelled payout returns its amount to your available money.',
          'Check your address before you save it: a transfer sent to the address you saved cannot be called back.',
        ]}
      />
    ),
  },
  {
    id: 'disputes',
    title: 'Disputes',
    body: (
      <Paragraph>
        When a renter opens a dispute about one of your rentals, you are told and have{' '}
        <Text strong>{FIGURES.disputeAnswerHours} hours</Text> to answer with your side of the
        story. Support decides on the evidence of both sides, as the{' '}
        <TextLink to={paths.buyerProtection.href('after-you-open')}>
          buyer protection policy
        </TextLink>{' '}
        describes, and posts the reason for its decision.
      </Paragraph>
    ),
  },
  {
    id: 'suspension',
    title: 'Suspension and closing',
    body: (
      <>
        <Paragraph>
          Staff may <Text strong>suspend a vendor who breaks these terms</Text> or the
          platform&apos;s rules, for example by listing servers that do not exist or are not as
          described, or by leaving renters without the service they paid for. Every change of your
          vendor status comes with its reason, which you see on your vendor page.
        </Paragraph>
        <BulletList
          items={[
            'While you are suspended, your listings leave the catalog and nobody can rent them.',
            'Rentals that are running when you are suspended run to their end, and you still serve them.',
            'Their earnings follow the same steps as any other rental.',
          ]}
        />
        <Paragraph>
          A vendor account can also be closed. If you think a suspension or closing is wrong, or
          want to put things right, <TextLink to={paths.support.href()}>write to support</TextLink>.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'at-a-glance',
    title: 'Time limits and amounts at a glance',
    body: <VendorTermsLimitsTable />,
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <Paragraph>
        These are the vendor terms <Text strong>version {VENDOR_TERMS_VERSION}</Text>. When they
        change, the version changes with them, and the version you accepted is kept with your
        application.
      </Paragraph>
    ),
  },
];
