import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithRouter } from '../test/render-with-router';
import { buildTransaction } from '../test/wallet-fixtures';
import {
  TransactionTimeline,
  paymentLine,
  signedAmount,
  truncateDescription,
} from './transaction-timeline';

describe('transaction timeline', { timeout: 30_000 }, () => {
  it("says 'No transactions found' when there are none", () => {
    renderWithRouter(<TransactionTimeline transactions={[]} />);
    expect(screen.getByText('No transactions found')).toBeInTheDocument();
  });

  it('shows type, signed amount with two decimals en-US, currency, status and date, linking to the status view', () => {
    const deposit = buildTransaction({
      amount: '1250.500000',
      timelineStatus: 'WAITING',
      status: 'PENDING',
    });
    const payment = buildTransaction({
      type: 'RENTAL_PAYMENT',
      amount: '7.125000',
      timelineStatus: 'PENDING',
      status: 'PENDING',
      description: 'Rental of Frag Central for 3 hours',
    });
    const credit = buildTransaction({
      type: 'COMPENSATION',
      currency: 'PLATFORM',
      amount: '5.000000',
      timelineStatus: 'CONFIRMED',
    });
    const failed = buildTransaction({ timelineStatus: 'FAILED', status: 'FAILED' });
    const expired = buildTransaction({ timelineStatus: 'EXPIRED', status: 'FAILED' });
    renderWithRouter(
      <TransactionTimeline transactions={[deposit, payment, credit, failed, expired]} />,
    );
    const rows = within(screen.getByRole('region', { name: 'Transactions' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('Deposit');
    // Nothing reached the wallet yet: the figure is what moved, the asked amount is beside it.
    expect(rows[0]).toHaveTextContent('+0.00 USDT');
    expect(rows[0]).toHaveTextContent('1,250.50 USDT asked · fee 0.25 USDT when credited');
    expect(rows[0]).toHaveTextContent('Waiting');
    expect(rows[0]).toHaveTextContent('14 Mar 2026');
    expect(rows[1]).toHaveTextContent('Rental payment');
    expect(rows[1]).toHaveTextContent('-7.13 USDT');
    expect(rows[1]).toHaveTextContent('Pending');
    expect(rows[2]).toHaveTextContent('+5.00 Platform credit');
    expect(rows[2]).toHaveTextContent('Confirmed');
    expect(rows[3]).toHaveTextContent('Failed');
    expect(rows[4]).toHaveTextContent('Expired');
    expect(within(rows[1]!).getByRole('link', { name: /^Rental payment/ })).toHaveAttribute(
      'href',
      `/wallet/transactions/${payment.id}`,
    );
  });

  it('shows what reached the wallet and the fee taken, so the rows add up to the balance', () => {
    const rows = [
      buildTransaction({ amount: '25.000000', fee: '0.250000', balanceChange: '24.750000' }),
      buildTransaction({ amount: '20.000000', fee: '0.200000', balanceChange: '19.800000' }),
      buildTransaction({
        type: 'RENTAL_PAYMENT',
        amount: '7.500000',
        fee: '0.000000',
        balanceChange: '-7.500000',
        status: 'PENDING',
        timelineStatus: 'PENDING',
      }),
      buildTransaction({
        amount: '40.000000',
        fee: '0.400000',
        balanceChange: '0.000000',
        status: 'PENDING',
        timelineStatus: 'WAITING',
      }),
    ];
    renderWithRouter(<TransactionTimeline transactions={rows} />);
    const items = within(screen.getByRole('region', { name: 'Transactions' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('+24.75 USDT');
    expect(items[0]).toHaveTextContent('25.00 USDT arrived · fee 0.25 USDT');
    expect(items[1]).toHaveTextContent('+19.80 USDT');
    expect(items[2]).toHaveTextContent('-7.50 USDT');
    expect(items[2]).not.toHaveTextContent('fee');
    expect(items[3]).toHaveTextContent('+0.00 USDT');
    expect(items[3]).toHaveTextContent('40.00 USDT asked · fee 0.40 USDT when credited');
    // 24.75 + 19.80 - 7.50 + 0 = 37.05: the figures shown are the ones that sum to Available.
    const shown = items.map((item) =>
      Number(/([+-][\d,]+\.\d\d) USDT/.exec(item.textContent ?? '')![1]!.replace(/,/g, '')),
    );
    expect(shown.reduce((a, b) => a + b, 0).toFixed(2)).toBe('37.05');
  });

  it("says how each deposit was paid and where its payment stands, and nothing of other rows'", () => {
    const rows = [
      buildTransaction({ paymentMethod: 'paypal', paymentStatus: 'completed' }),
      buildTransaction({
        paymentMethod: 'paypal',
        paymentStatus: 'refunded',
        description: 'Deposit via PayPal',
      }),
      buildTransaction({ status: 'PENDING', timelineStatus: 'WAITING' }),
      buildTransaction({ status: 'FAILED', timelineStatus: 'FAILED' }),
      buildTransaction({ type: 'RENTAL_PAYMENT', status: 'PENDING', timelineStatus: 'PENDING' }),
    ];
    renderWithRouter(<TransactionTimeline transactions={rows} />);
    const items = within(screen.getByRole('region', { name: 'Transactions' })).getAllByRole(
      'listitem',
    );
    expect(items[0]).toHaveTextContent('PayPal · payment completed');
    expect(items[1]).toHaveTextContent('PayPal · payment refunded');
    expect(items[2]).toHaveTextContent('USDT on ERC20 · payment pending');
    expect(items[3]).toHaveTextContent('USDT on ERC20 · payment failed');
    expect(items[4]).not.toHaveTextContent(/Crypto|USDT on|PayPal|payment (pending|completed)/);
    expect(paymentLine({ paymentMethod: null, paymentStatus: null, network: null })).toBeNull();
    // A crypto deposit whose network is not known says Crypto.
    expect(
      paymentLine({ paymentMethod: 'crypto', paymentStatus: 'completed', network: null }),
    ).toBe('Crypto · payment completed');
  });

  it('shows a description as text, never as markup', () => {
    const description = '<img src=x onerror="alert(1)"><b>bold</b> & <script>alert(2)</script>';
    const { container } = renderWithRouter(
      <TransactionTimeline transactions={[buildTransaction({ description })]} />,
    );
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(container.querySelector('img, b, script')).toBeNull();
  });

  it('cuts a description at 500 characters with an ellipsis', () => {
    const long = `${'a'.repeat(499)}bcdef`;
    renderWithRouter(
      <TransactionTimeline
        transactions={[
          buildTransaction({ description: long }),
          buildTransaction({ description: 'x'.repeat(500) }),
        ]}
      />,
    );
    expect(screen.getByText(`${'a'.repeat(499)}b…`)).toBeInTheDocument();
    expect(screen.getByText('x'.repeat(500))).toBeInTheDocument();
  });
});

describe('timeline formats', () => {
  it('cuts by characters as people see them, so an emoji is never split', () => {
    expect(truncateDescription('🙂'.repeat(3), 2)).toBe('🙂🙂…');
    expect(truncateDescription('short')).toBe('short');
  });

  it('signs what moved in and out of the wallet', () => {
    expect(signedAmount({ balanceChange: '10.000000' })).toBe('+10.00');
    expect(signedAmount({ balanceChange: '0.005000' })).toBe('+0.01');
    expect(signedAmount({ balanceChange: '-1234567.000000' })).toBe('-1,234,567.00');
    expect(signedAmount({ balanceChange: '0.000000' })).toBe('+0.00');
  });
});
