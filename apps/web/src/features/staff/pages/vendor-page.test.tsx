import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@crimsonhost/shared/auth';
import type { AdminVendorDetail } from '@crimsonhost/shared/vendors';
import { errorBody } from '../../../test/auth-fixtures';
import { setViewportWidth } from '../../../test/match-media';
import { server } from '../../../test/msw-server';
import { findDialog, renderInApp, signIn } from '../../../test/rental-fixtures';
import { ADMIN_USER } from '../test/admin-fixtures';
import { SUPPORT_USER } from '../test/desk-fixtures';
import {
  buildActiveVendorDetail,
  buildStatusChange,
  buildVendorDetail,
  EVM_PAYOUT,
  serveVendorDetail,
  TRON_PAYOUT,
  type SentVendorAction,
} from '../test/vendor-fixtures';
import { VendorPage } from './vendor-page';

const REASON = 'The payout address belongs to a mixer';

function renderVendor(
  detail: AdminVendorDetail,
  {
    as = ADMIN_USER,
    answer,
    afterRefusal,
  }: {
    as?: User;
    answer?: (sent: SentVendorAction) => AdminVendorDetail | Response;
    afterRefusal?: AdminVendorDetail;
  } = {},
) {
  signIn(as);
  const served = serveVendorDetail(detail, answer, { afterRefusal });
  const view = renderInApp(<VendorPage />, {
    path: '/admin/vendors/:vendorId',
    at: `/admin/vendors/${detail.vendor.id}`,
  });
  return { ...view, ...served };
}

const section = (name: string) =>
  screen.getByRole('heading', { level: 2, name }).closest<HTMLElement>('.ant-card')!;

/** The vendor once the waiting application was approved. */
function approved(detail: AdminVendorDetail, reason = 'Application approved'): AdminVendorDetail {
  return {
    ...detail,
    vendor: {
      ...detail.vendor,
      status: 'ACTIVE',
      statusReason: reason,
      pendingApplicationId: null,
    },
    applications: detail.applications.map((application) =>
      application.status === 'PENDING'
        ? {
            ...application,
            status: 'APPROVED',
            decidedAt: '2026-11-25T09:00:00.000Z',
            decisionReason: reason,
          }
        : application,
    ),
    history: [
      ...detail.history,
      buildStatusChange({
        from: 'PENDING',
        to: 'ACTIVE',
        reason,
        at: '2026-11-25T09:00:00.000Z',
        by: { id: ADMIN_USER.id, name: ADMIN_USER.displayName },
      }),
    ],
  };
}

describe("a vendor's page", () => {
  it('shows the waiting application, the past ones, the history, addresses and balances', async () => {
    const detail = buildVendorDetail();
    renderVendor(detail, { as: SUPPORT_USER });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nordic Hosting' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to vendors' })).toHaveAttribute(
      'href',
      '/admin/vendors',
    );
    expect(screen.getByRole('link', { name: 'Nils Host' })).toHaveAttribute(
      'href',
      `/admin/users/${detail.vendor.id}`,
    );
    expect(screen.getAllByText('Application waiting')[0]).toBeInTheDocument();

    const waiting = section('Application waiting for a decision');
    expect(within(waiting).getByText('Nordic Hosting')).toBeInTheDocument();
    expect(within(waiting).getByText('ops@nordic.example')).toBeInTheDocument();
    expect(within(waiting).getByText('Minecraft, Valheim')).toBeInTheDocument();
    expect(within(waiting).getByText('FRA, STO')).toBeInTheDocument();
    expect(within(waiting).getByText('2026-11-25')).toBeInTheDocument();
    expect(within(waiting).getByText(TRON_PAYOUT)).toBeInTheDocument();
    expect(within(waiting).getByText(EVM_PAYOUT)).toBeInTheDocument();
    // Support reads; only an admin decides.
    expect(within(waiting).getByText("Waits for an admin's decision.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Approve|Reject|Change status/ })).toBeNull();

    const past = section('Past applications');
    const rejected = within(past).getByText('The contact e-mail bounced').closest('tr')!;
    expect(within(rejected).getByText('Nordic Host')).toBeInTheDocument();
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();

    const history = section('Status history');
    expect(within(history).getByText('Applied')).toBeInTheDocument();
    expect(within(history).getByText('The applicant')).toBeInTheDocument();

    const addresses = section('Payout addresses');
    expect(within(addresses).getByText('TRC20')).toBeInTheDocument();
    expect(within(addresses).getByText(TRON_PAYOUT)).toBeInTheDocument();

    const balances = section('Balances');
    expect(within(balances).getByText('12.50 USDT')).toBeInTheDocument();
    expect(within(balances).getByText('40.25 USDT')).toBeInTheDocument();
    // Exact to the micro-USDT.
    expect(within(balances).getByText('101.000001 USDT')).toBeInTheDocument();
    expect(within(balances).getByText('0.00 USDT')).toBeInTheDocument();
    expect(within(balances).getByText('250.00 USDT')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Nordic Hosting · Vendors · Staff · CrimsonHost'),
    );
  });

  it('needs a reason to reject, then sends it and shows the decision', async () => {
    const detail = buildVendorDetail();
    const after: AdminVendorDetail = {
      ...detail,
      vendor: { ...detail.vendor, pendingApplicationId: null, statusReason: REASON },
      applications: detail.applications.map((application) =>
        application.status === 'PENDING'
          ? {
              ...application,
              status: 'REJECTED',
              decidedAt: '2026-11-25T09:00:00.000Z',
              decisionReason: REASON,
            }
          : application,
      ),
    };
    const { user, sent } = renderVendor(detail, { answer: () => after });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await findDialog('Reject Nordic Hosting');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { action: 'application', body: { decision: 'reject', reason: REASON } },
      ]),
    );
    expect(await screen.findByText('Application of Nordic Hosting rejected')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      screen.queryByRole('heading', { name: 'Application waiting for a decision' }),
    ).toBeNull();
    expect(within(section('Past applications')).getByText(REASON)).toBeInTheDocument();
  });

  it('approves with the decision alone, and the vendor becomes active', async () => {
    const detail = buildVendorDetail();
    const { user, sent } = renderVendor(detail, { answer: () => approved(detail) });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await findDialog('Approve Nordic Hosting');
    expect(
      within(dialog).getByText(/the account nils@example.com gets the vendor role/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent).toEqual([{ action: 'application', body: { decision: 'approve' } }]),
    );
    expect(
      await screen.findByText('Application approved: Nordic Hosting is now a vendor'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Change status' })).toBeInTheDocument();
    expect(within(section('Status history')).getByText('Demo Admin')).toHaveAttribute(
      'href',
      `/admin/users/${ADMIN_USER.id}`,
    );
  });

  it('sends the note of an approval', async () => {
    const detail = buildVendorDetail();
    const { user, sent } = renderVendor(detail, { answer: () => approved(detail, 'Known host') });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = await findDialog('Approve Nordic Hosting');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Known host');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { action: 'application', body: { decision: 'approve', reason: 'Known host' } },
      ]),
    );
  });

  it('says when another admin decided first, and shows their decision', async () => {
    const detail = buildVendorDetail();
    const { user, sent } = renderVendor(detail, {
      answer: () =>
        HttpResponse.json(
          errorBody('NO_PENDING_APPLICATION', 'No application waits for a decision.'),
          { status: 409 },
        ),
      afterRefusal: approved(detail),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await findDialog('Reject Nordic Hosting');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Another admin decided this application first.',
    );
    expect(sent).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The page read the vendor again: the application is decided, nothing waits.
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: 'Application waiting for a decision' }),
      ).toBeNull(),
    );
    expect(screen.getAllByText('Active')[0]).toBeInTheDocument();
  });

  it('changes the status with a reason, saying what a suspension does', async () => {
    const detail = buildActiveVendorDetail();
    const after: AdminVendorDetail = {
      ...detail,
      vendor: { ...detail.vendor, status: 'SUSPENDED', statusReason: REASON },
      history: [
        ...detail.history,
        buildStatusChange({
          from: 'ACTIVE',
          to: 'SUSPENDED',
          reason: REASON,
          at: '2026-11-26T09:00:00.000Z',
          by: { id: ADMIN_USER.id, name: ADMIN_USER.displayName },
        }),
      ],
    };
    const { user, sent } = renderVendor(detail, { answer: () => after });
    // Nothing waits: no decision to take.
    await screen.findByRole('heading', { level: 1, name: 'Nordic Hosting' });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await findDialog('Change vendor status');
    expect(
      within(dialog).getByText(/Suspending takes the vendor's listings out of the catalog/),
    ).toHaveTextContent('while rentals already running run to their end');
    expect(within(dialog).getByRole('radio', { name: /^Active \(now\)/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(dialog).findByText('New status is required')).toBeVisible();
    expect(within(dialog).getByText('Reason is required')).toBeVisible();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: /^Suspended/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() =>
      expect(sent).toEqual([{ action: 'status', body: { status: 'SUSPENDED', reason: REASON } }]),
    );
    expect(await screen.findByText('Nordic Hosting is now suspended')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(`Suspended — ${REASON}`)).toBeInTheDocument();
  });

  it('says in the dialog when the status did not change', async () => {
    const { user } = renderVendor(buildActiveVendorDetail(), {
      answer: () =>
        HttpResponse.json(
          errorBody('VENDOR_STATUS_UNCHANGED', 'The vendor already has this status.'),
          { status: 409 },
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Change status' }));
    const dialog = await findDialog('Change vendor status');
    await user.click(within(dialog).getByRole('radio', { name: /^Closed/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), REASON);
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The vendor already has this status.',
    );
  });

  it('gives support no status change', async () => {
    renderVendor(buildActiveVendorDetail(), { as: SUPPORT_USER });
    await screen.findByRole('heading', { level: 1, name: 'Nordic Hosting' });
    expect(screen.queryByRole('button', { name: 'Change status' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Admin actions' })).toBeNull();
  });

  it('stacks the records as lists on a phone', async () => {
    setViewportWidth(375);
    renderVendor(buildVendorDetail());
    const list = await screen.findByRole('list', { name: 'Status changes, newest first' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeVisible();
    expect(screen.queryByRole('columnheader')).toBeNull();
  });

  it('answers an unknown vendor with not-found', async () => {
    signIn(ADMIN_USER);
    server.use(
      http.get('/api/admin/vendors/:id', () =>
        HttpResponse.json(errorBody('NOT_FOUND', 'No vendor with this id'), { status: 404 }),
      ),
    );
    renderInApp(<VendorPage />, {
      path: '/admin/vendors/:vendorId',
      at: '/admin/vendors/70000000-0000-4000-8000-000000000999',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vendor not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to vendors' })).toHaveAttribute(
      'href',
      '/admin/vendors',
    );
  });
});
