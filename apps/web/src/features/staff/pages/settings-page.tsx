import { Flex, Typography } from 'antd';
import { LoadErrorResult } from '../../../components/load-error-result';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { useSettings } from '../api/get-settings';
import { CommissionCard } from '../components/commission-card';
import { DepositSettingsCard } from '../components/deposit-settings-card';
import { SettingsHistoryCard } from '../components/settings-history-card';
import { SlaCard } from '../components/sla-card';
import { TestClockCard } from '../components/test-clock-card';
import { TiersCard } from '../components/tiers-card';

/**
 * /admin/settings (admin only): the deposit config, the rental commission, the support SLA and the
 * benefits tiers, each saved on its own and effective at once; below, every saved version.
 */
export function SettingsPage() {
  const settings = useSettings();
  let body;
  if (settings.isPending) {
    body = <ListSkeleton rows={6} />;
  } else if (settings.isError && !settings.data) {
    body = <LoadErrorResult title="The settings could not be loaded" query={settings} />;
  } else {
    const { deposits, commission, sla, tiers } = settings.data;
    // A new version (a save, or a reload after someone else's) starts its form afresh.
    body = (
      <>
        <DepositSettingsCard key={`deposits-${deposits.version}`} settings={deposits} />
        <CommissionCard key={`commission-${commission.version}`} settings={commission} />
        <SlaCard key={`sla-${sla.version}`} settings={sla} />
        <TiersCard
          key={`tiers-${tiers.version}`}
          settings={tiers}
          commissionBp={commission.basisPoints}
        />
        <TestClockCard />
      </>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        Settings
      </Typography.Title>
      {body}
      <SettingsHistoryCard />
    </Flex>
  );
}
