import { Alert, Button, Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ListSkeleton } from '../../../components/skeleton-loaders';
import { LoadErrorResult } from '../../../components/load-error-result';
import { toApiError } from '../../../lib/api-client';
import { describeApiError } from '../../../lib/error-messages';
import { useAdminPayPalPayments } from '../api/get-admin-paypal-payments';
import { usePayPalReconciliation } from '../api/get-paypal-reconciliation';
import { PayPalFilters, PayPalTabs } from '../components/paypal-filters';
import { PayPalPaymentsTable } from '../components/paypal-payments-table';
import { PayPalReconciliationView } from '../components/paypal-reconciliation';
import { PAYPAL_STATE_LABELS } from '../components/paypal-tags';
import { countOf, StaffListPage } from '../components/staff-list-page';
import {
  DEFAULT_PAYPAL_SEARCH,
  hasPayPalFilters,
  readPayPalSearch,
  toPayPalQuery,
  writePayPalSearch,
  type PayPalSearch,
  type PayPalTab,
} from '../paypal-search';

/** 'PayPal payments: Completed, matching "ada", newest first': what the table shows. */
function captionOf(search: PayPalSearch): string {
  const state = search.state ? `: ${PAYPAL_STATE_LABELS[search.state]}` : ': All states';
  const q = search.q ? `, matching "${search.q}"` : '';
  return `PayPal payments${state}${q}, newest first`;
}

/** The Reconciliation tab: its own heading frame, then what reconciliation found. */
function ReconciliationTab({
  tabs,
  reconciliation,
}: {
  tabs: ReactNode;
  reconciliation: ReturnType<typeof usePayPalReconciliation>;
}) {
  let body;
  if (reconciliation.isPending) {
    body = <ListSkeleton rows={6} />;
  } else if (!reconciliation.data) {
    body = (
      <LoadErrorResult title="The reconciliation could not be loaded" query={reconciliation} />
    );
  } else {
    body = (
      <PayPalReconciliationView
        check={reconciliation.data}
        checking={reconciliation.isFetching}
        onCheckAgain={() => void reconciliation.refetch()}
      />
    );
  }
  return (
    <>
      <title>PayPal reconciliation · Staff · CrimsonHost</title>
      <Flex vertical gap={16}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          PayPal
        </Typography.Title>
        {tabs}
        {reconciliation.isError && reconciliation.data && (
          <Alert
            type="warning"
            showIcon
            title={`The reconciliation could not be refreshed: ${describeApiError(toApiError(reconciliation.error))}`}
            action={
              <Button size="small" onClick={() => void reconciliation.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {body}
      </Flex>
    </>
  );
}

/** The Payments tab: the staff list frame with the tabs and the filters above the table. */
function PaymentsTab({
  tabs,
  search,
  show,
}: {
  tabs: ReactNode;
  search: PayPalSearch;
  show: (next: PayPalSearch, replace?: boolean) => void;
}) {
  const payments = useAdminPayPalPayments(toPayPalQuery(search));
  const clear = () => show({ ...DEFAULT_PAYPAL_SEARCH, pageSize: search.pageSize });
  const filtered = hasPayPalFilters(search);
  return (
    <StaffListPage
      title="PayPal"
      query={payments}
      search={search}
      show={show}
      loadErrorTitle="The PayPal payments could not be loaded"
      countText={(total) => countOf(total, 'payment')}
      empty={
        <Empty
          description={filtered ? 'No payment matches these filters' : 'No PayPal payments yet'}
        >
          {filtered && <Button onClick={clear}>Clear filters</Button>}
        </Empty>
      }
      controls={
        <>
          {tabs}
          <PayPalFilters
            search={search}
            onChange={(changes, replace) => show({ ...search, ...changes, page: 1 }, replace)}
            onClear={clear}
          />
        </>
      }
      renderRows={(rows, { loading, pagination }) => (
        <PayPalPaymentsTable
          payments={rows}
          loading={loading}
          pagination={pagination}
          caption={captionOf(search)}
        />
      )}
    />
  );
}

/**
 * /admin/paypal (support and admin): the PayPal payments, newest first, by state or searched,
 * and as a second tab what reconciliation found beside the ledger (issue 19 points 4 and 5). Tab,
 * filters and page live in the URL, so a view can be shared.
 */
export function PayPalPage() {
  const [params, setParams] = useSearchParams();
  const search = readPayPalSearch(params);
  // Read on both tabs: the findings' count shows on the tab from the payments too.
  const reconciliation = usePayPalReconciliation();
  const show = (next: PayPalSearch, replace = false) =>
    setParams(writePayPalSearch(next), { replace });
  const tabs = (
    <PayPalTabs
      tab={search.tab}
      findings={reconciliation.data?.findings.length}
      onChange={(tab: PayPalTab) => show({ ...search, tab })}
    />
  );
  if (search.tab === 'reconciliation') {
    return <ReconciliationTab tabs={tabs} reconciliation={reconciliation} />;
  }
  return <PaymentsTab tabs={tabs} search={search} show={show} />;
}
