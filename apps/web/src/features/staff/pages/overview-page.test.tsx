import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@crimsonhost/shared/auth';
import { errorBody } from '../../../test/auth-fixtures';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { ADMIN_USER } from '../test/admin-fixtures';
import { serveDeskBasics, SUPPORT_USER } from '../test/desk-fixtures';
import { buildAdminOverview, serveAdminOverview } from '../test/overview-fixtures';
import { OverviewPage } from './overview-page';

function renderOverview(as: User) {
  signIn(as);
  serveDeskBasics();
  return renderInApp(<OverviewPage />, { path: '/admin', at: '/admin' });
}

const rowOf = (table: HTMLElement, text: string) =>
  within(table).getByText(text, { selector: 'td, th' }).closest('tr')!;

describe('the staff Overview', () => {
  it("shows an admin today's and 30 days' figures, the chart and its table", async () => {
    serveAdminOverview();
    renderOverview(ADMIN_USER);

    const today = (await screen.findByRole('heading', { name: 'Today (UTC)' })).closest(
      '.ant-card',
    ) as HTMLElement;
    expect(within(today).getByText('1,250.50 USDT')).toBeInTheDocument();
    expect(within(today).getByText('3 payments')).toBeInTheDocument();
    expect(within(today).getByText('310.25 USDT')).toBeInTheDocument();
    expect(within(today).getByText('31.02 USDT')).toBeInTheDocument();
    const month = screen
      .getByRole('heading', { name: 'Last 30 days' })
      .closest('.ant-card') as HTMLElement;
    expect(within(month).getByText('1,290.50 USDT')).toBeInTheDocument();

    const chart = screen.getByRole('img', {
      name: /^Deposits credited and rental revenue per day/,
    });
    expect(chart).toHaveAccessibleName(expect.stringContaining('1,290.50 USDT deposited'));
    expect(chart.querySelectorAll('rect')).toHaveLength(60);
    const table = screen.getByRole('table', { name: 'Deposits and rental revenue, last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(rowOf(table, '22 Oct')).getByText('40.00 USDT (1)')).toBeInTheDocument();
    expect(within(rowOf(table, '20 Nov')).getByText('1,250.50 USDT (3)')).toBeInTheDocument();

    // The desk's figures are still there.
    expect(screen.getByRole('link', { name: 'Overdue: 2. Show them' })).toBeInTheDocument();
  });

  it('shows the watchers with their lag, marking those behind or failing, the jobs and the mail', async () => {
    serveAdminOverview();
    renderOverview(ADMIN_USER);
    const watchers = (await screen.findByRole('heading', { name: 'Deposit watchers' })).closest(
      '.ant-card',
    ) as HTMLElement;
    const erc20 = rowOf(watchers, 'ERC20');
    expect(within(erc20).getByText('Behind')).toBeInTheDocument();
    expect(within(erc20).getByText('21,000,100')).toBeInTheDocument();
    expect(within(erc20).getByText('100 blocks')).toBeInTheDocument();
    expect(within(erc20).getByText('30 s ago')).toBeInTheDocument();
    const bep20 = rowOf(watchers, 'BEP20');
    expect(within(bep20).getByText('Failing')).toBeInTheDocument();
    expect(within(bep20).getByText('2 s ago: node timed out')).toBeInTheDocument();
    expect(within(rowOf(watchers, 'TRC20')).getByText('Keeping up')).toBeInTheDocument();

    const jobs = screen
      .getByRole('heading', { name: 'Background jobs' })
      .closest('.ant-card') as HTMLElement;
    const mailJob = rowOf(jobs, 'mail-outbox');
    expect(within(mailJob).getByText('SMTP connection refused')).toBeInTheDocument();
    expect(within(mailJob).getByText('10 s ago')).toBeInTheDocument();
    expect(within(rowOf(jobs, 'rental-expiry')).getByText('1 min')).toBeInTheDocument();

    const mail = screen
      .getByRole('heading', { name: 'Mail outbox' })
      .closest('.ant-card') as HTMLElement;
    expect(within(mail).getByText('Queued').closest('.ant-statistic')).toHaveTextContent('6');
    expect(within(mail).getByText('Oldest queued').closest('.ant-statistic')).toHaveTextContent(
      '10 min',
    );
  });

  it('says when the figures could not be loaded, and reads them again on Retry', async () => {
    serveAdminOverview(
      { status: 500, body: errorBody('INTERNAL', 'Something went wrong') },
      buildAdminOverview(),
    );
    const { user } = renderOverview(ADMIN_USER);
    expect(
      await screen.findByText("The overview's figures could not be loaded"),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Today (UTC)' })).toBeInTheDocument();
  });

  it('shows support the desk figures only, without asking for the admin overview', async () => {
    const asked = serveAdminOverview();
    renderOverview(SUPPORT_USER);
    expect(
      await screen.findByRole('link', { name: 'Open tickets: 7. Show them' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Assigned to me: 1. Show them' }),
      ).toBeInTheDocument(),
    );
    expect(screen.queryByRole('heading', { name: 'Business and operations' })).toBeNull();
    expect(asked.count).toBe(0);
  });
});
