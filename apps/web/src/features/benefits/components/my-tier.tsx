import { Alert, Descriptions, Flex, Progress, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { TIER_LABELS, percentOfBp, type MyBenefits } from '@crimsonhost/shared/benefits';
import { parseUsdt } from '@crimsonhost/shared/money';
import { progressPercent, usdt } from '../benefits-figures';
import { TierTag } from './tier-tag';

const DAY_FORMAT = 'D MMMM YYYY';

/** A day as people read it, in a <time> machines can read. */
export function Day({ value }: { value: string }) {
  return <time dateTime={value}>{dayjs(value).format(DAY_FORMAT)}</time>;
}

/** How far to the next tier, as a bar and in words; at the top, that there is nothing above. */
function NextTier({ me }: { me: MyBenefits }) {
  if (!me.next) {
    return (
      <Typography.Paragraph strong style={{ margin: 0 }}>
        <TrophyOutlined aria-hidden style={{ marginInlineEnd: 8 }} />
        You are at the top: {TIER_LABELS[me.tier]} is the highest tier.
      </Typography.Paragraph>
    );
  }
  const next = TIER_LABELS[me.next.tier];
  const missing = `${usdt(me.next.missing)} more to reach ${next}`;
  return (
    <div>
      <Typography.Text>
        {usdt(me.spend)} of {usdt(me.next.threshold)} to {next}
      </Typography.Text>
      <Progress
        percent={progressPercent(me.spend, me.next.threshold)}
        showInfo={false}
        aria-label={`Progress to ${next}`}
        aria-valuetext={`${usdt(me.spend)} of ${usdt(me.next.threshold)}: ${missing}`}
      />
      <Typography.Text strong>{missing}</Typography.Text>
    </div>
  );
}

/** While the spend is below what keeps the tier: what keeps it, until when, and where it goes. */
function DemotionWarning({ me }: { me: MyBenefits }) {
  if (!me.demotion) return null;
  const tier = TIER_LABELS[me.tier];
  const to = TIER_LABELS[me.demotion.to];
  const short = parseUsdt(me.demotion.keep) - parseUsdt(me.spend);
  return (
    <Alert
      type="warning"
      showIcon
      title={
        <>
          You may move down to {to} on <Day value={me.demotion.on} />
        </>
      }
      description={
        <>
          Your qualifying spend, {usdt(me.spend)}, is below the {usdt(me.demotion.keep)} that keeps{' '}
          {tier}. If it is still below on <Day value={me.demotion.on} />, that day&apos;s
          recomputation moves you to {to}.
          {short > 0n && ` Rent for ${usdt(short)} more before then to keep ${tier}.`}
        </>
      }
    />
  );
}

/** The signed-in renter's standing: tier, spend, discount, progress, what leaves the window. */
export function MyTier({ me, windowDays }: { me: MyBenefits; windowDays: number }) {
  return (
    <Flex vertical gap={16}>
      <Flex align="center" wrap gap={8}>
        <TierTag tier={me.tier} />
        {me.since && (
          <Typography.Text type="secondary">
            since <Day value={me.since} />
          </Typography.Text>
        )}
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'spend',
            label: 'Qualifying spend',
            children: `${usdt(me.spend)} over the last ${windowDays} days`,
          },
          {
            key: 'discount',
            label: 'Discount on your next rental',
            children: me.discountBp > 0 ? percentOfBp(me.discountBp) : 'None yet',
          },
        ]}
      />
      <NextTier me={me} />
      <DemotionWarning me={me} />
      <Typography.Paragraph style={{ margin: 0 }}>
        {me.leavesWindow ? (
          <>
            On <Day value={me.leavesWindow.on} />, your oldest counted payment,{' '}
            {usdt(me.leavesWindow.amount)}, leaves the {windowDays}-day window and stops counting.
          </>
        ) : (
          `You have no qualifying spend in the last ${windowDays} days, so nothing leaves the window.`
        )}
      </Typography.Paragraph>
    </Flex>
  );
}
