import { Typography } from 'antd';
import { TIER_LABELS, type BenefitsProgram } from '@crimsonhost/shared/benefits';

/** What counts towards a tier, and how a renter moves up and down, with the programme's figures. */
export function SpendRules({ program }: { program: BenefitsProgram }) {
  return (
    <Typography>
      <Typography.Paragraph>
        Your qualifying spend is the USDT you paid for rentals over the last {program.windowDays}{' '}
        days, less what came back to you as refunds. Each day, payments older than{' '}
        {program.windowDays} days leave the window and stop counting.
      </Typography.Paragraph>
      <Typography.Paragraph>These never count:</Typography.Paragraph>
      <ul>
        <li>deposits into your wallet;</li>
        <li>platform credit, and what you pay with it;</li>
        <li>compensation, from a dispute or from support;</li>
        <li>rentals of your own listings, if you are a vendor.</li>
      </ul>
      <Typography.Paragraph>
        Your discount is paid by the platform out of its commission: the vendor gets the same as for
        a rental at the full price.
      </Typography.Paragraph>
    </Typography>
  );
}

export function MovingRules({ program }: { program: BenefitsProgram }) {
  const bottom = program.tiers[0];
  return (
    <Typography>
      <Typography.Title level={3} style={{ fontSize: 18 }}>
        Moving up
      </Typography.Title>
      <Typography.Paragraph>
        As soon as your qualifying spend reaches a tier&apos;s threshold, you are in that tier, from
        the payment that reaches it. Your next rental gets its discount.
      </Typography.Paragraph>
      <Typography.Title level={3} style={{ fontSize: 18 }}>
        Moving down
      </Typography.Title>
      <ul>
        <li>Only at the daily recomputation.</li>
        <li>
          Only after your spend stayed below {program.keepPercent} % of your tier&apos;s threshold
          for {program.graceDays} days.
        </li>
        <li>One tier at a time{bottom && `, never below ${TIER_LABELS[bottom.tier]}`}.</li>
        <li>We mail you beforehand, so you can rent again in time if you want to keep it.</li>
      </ul>
    </Typography>
  );
}
