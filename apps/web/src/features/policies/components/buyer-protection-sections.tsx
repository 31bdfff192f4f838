import { Typography } from 'antd';
import { DISPUTE_WINDOW_DAYS, VENDOR_ANSWER_HOURS } from '@crimsonhost/shared/disputes';
import { BulletList, type PolicySection } from './policy-layout';
import { PolicyTimeLimitsTable } from './policy-time-limits-table';

const { Paragraph, Text } = Typography;

/** The buyer protection policy, section by section; the page builds its table of contents from it. */
export const BUYER_PROTECTION_SECTIONS: PolicySection[] = [
  {
    id: 'escrow',
    title: 'Payment held in escrow',
    body: (
      <>
        <Paragraph>
          When you rent a server, the rent is taken from your CrimsonHost wallet and held in escrow.
          The vendor does not receive it while your rental runs. When the rental ends, the payment
          is released to the vendor, less the platform commission.
        </Paragraph>
        <Paragraph>
          If a dispute is open when the rental ends, the disputed payment stays in escrow until
          support has decided it. Because the vendor is only paid at the end, a problem during your
          rental can be put right before any money changes hands.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'covered',
    title: 'What is covered',
    body: (
      <>
        <Paragraph>You are protected when the problem is on the vendor&apos;s side:</Paragraph>
        <BulletList
          items={[
            <>
              <Text strong>Server not delivered or unreachable.</Text> The server is not set up for
              you, or you cannot connect to it, because of a fault on the vendor&apos;s side.
            </>,
            <>
              <Text strong>Specs materially different from the listing.</Text> The game, region,
              CPU, memory, storage or player slots are clearly below what the listing promised.
            </>,
            <>
              <Text strong>Repeated downtime.</Text> The server goes down again and again, or for
              long stretches, during your rental without anything you did causing it.
            </>,
          ]}
        />
      </>
    ),
  },
  {
    id: 'not-covered',
    title: 'What is not covered',
    body: (
      <BulletList
        items={[
          'Changing your mind after the server has been delivered and is working as listed.',
          'Problems caused by your own mods, plugins, configuration changes or uploaded files.',
          "Suspensions or stops caused by breaking the platform rules or the game's terms.",
          'Trouble on your side of the connection, such as your own network or game client.',
        ]}
      />
    ),
  },
  {
    id: 'open-a-dispute',
    title: 'How to open a dispute',
    body: (
      <>
        <Paragraph>
          Open the dispute from the rental itself, or create a ticket in the Support Center with the
          category Rental and the rental&apos;s ID. One dispute per rental is enough; add new
          problems to the same ticket.
        </Paragraph>
        <Paragraph>
          Open it <Text strong>as soon as you notice the problem</Text>, and at the latest{' '}
          <Text strong>{DISPUTE_WINDOW_DAYS} days after the rental ends</Text>. Disputes opened
          later cannot be accepted, because the vendor has been paid by then.
        </Paragraph>
        <Paragraph>Include the evidence that shows what went wrong:</Paragraph>
        <BulletList
          items={[
            'What happened and when it started, with your time zone.',
            'Screenshots of connection errors, or the server console or log lines around the problem.',
            'For wrong specs: what the listing promised and what the server actually has.',
            'What you already tried, and anything the vendor told you.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'after-you-open',
    title: 'What happens next',
    body: (
      <BulletList
        items={[
          <>
            Support reviews your dispute <Text strong>within 2 business days</Text> and may ask you
            for more details in the ticket.
          </>,
          <>
            The vendor is told about the dispute and has{' '}
            <Text strong>{VENDOR_ANSWER_HOURS} hours</Text> to answer with their side of the story.
            Without an answer, support decides on the evidence it has.
          </>,
          'Support also sees what CrimsonHost measured during your rental: the run state the server’s panel reported, whether the game server answered our status checks hour by hour, and the power actions sent to it. The hours it was down or unreachable are the refund support starts from.',
          'While the dispute is open, the disputed payment is not released to the vendor.',
          'Support posts its decision and the reason for it in the ticket, and any money due to you is credited straight away.',
        ]}
      />
    ),
  },
  {
    id: 'outcomes',
    title: 'Refunds and compensation',
    body: (
      <>
        <BulletList
          items={[
            <>
              <Text strong>Refund of unused hours.</Text> The whole hours of your rental that you
              could not use are refunded to your wallet as a <Text code>REFUND</Text> transaction. A
              server that was never delivered is refunded in full.
            </>,
            <>
              <Text strong>Compensation.</Text> When a problem cost you more than the unused time,
              for example repeated downtime in the hours you did use, support can add compensation
              as platform credit: a <Text code>COMPENSATION</Text> transaction in the{' '}
              <Text code>PLATFORM</Text> currency, paid by CrimsonHost, not by the vendor. Platform
              credit pays for rentals on CrimsonHost before your USDT and cannot be withdrawn.
            </>,
            <>
              <Text strong>Dispute declined.</Text> If the problem is not covered, the payment is
              released to the vendor and the ticket explains why.
            </>,
          ]}
        />
        <Paragraph>
          Refunds go back to your CrimsonHost wallet balance in USDT; the part of a rental you paid
          with platform credit comes back as platform credit. They are not sent back to the
          blockchain address you deposited from, so no network fee is lost and the balance is ready
          for your next rental.
        </Paragraph>
        <Paragraph type="secondary">
          Example: you rent a server for 10 hours at 0.50 USDT per hour and it becomes unreachable
          after 3 hours 20 minutes for the rest of the rental. The 6 whole hours left are unused, so
          3.00 USDT is refunded to your wallet.
        </Paragraph>
      </>
    ),
  },
  {
    id: 'time-limits',
    title: 'Time limits at a glance',
    body: <PolicyTimeLimitsTable />,
  },
];
