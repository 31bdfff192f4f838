// The buyer protection policy states the limits the code enforces (issue 17 point 7): the figures
// come from the constants the disputes API checks, so the page and the code cannot drift apart.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DISPUTE_WINDOW_DAYS, VENDOR_ANSWER_HOURS } from '@crimsonhost/shared/disputes';
import { VENDOR_CLEARING_DAYS } from '@crimsonhost/shared/vendors';
import { renderWithRouter } from '../../../test/render-with-router';
import { BuyerProtectionPage } from './buyer-protection-page';

const section = (name: string) => screen.getByRole('region', { name });

describe('the buyer protection policy', () => {
  it('states the dispute window and the vendor’s time to answer from the API’s constants', () => {
    renderWithRouter(<BuyerProtectionPage />, { path: '/policies/buyer-protection' });
    const window = `${DISPUTE_WINDOW_DAYS} days after the rental ends`;
    expect(section('How to open a dispute')).toHaveTextContent(window);
    expect(section('What happens next')).toHaveTextContent(
      `${VENDOR_ANSWER_HOURS} hours to answer`,
    );
    const limits = section('Time limits at a glance');
    expect(limits).toHaveTextContent(window);
    expect(limits).toHaveTextContent(`Within ${VENDOR_ANSWER_HOURS} hours of being notified`);
    // A vendor's share clears when the window closes: a dispute can always still hold it.
    expect(VENDOR_CLEARING_DAYS).toBe(DISPUTE_WINDOW_DAYS);
  });

  it('says where refunds and compensation go, as the decisions post them', () => {
    renderWithRouter(<BuyerProtectionPage />, { path: '/policies/buyer-protection' });
    const outcomes = section('Refunds and compensation');
    expect(outcomes).toHaveTextContent('REFUND transaction');
    expect(outcomes).toHaveTextContent('COMPENSATION transaction in the PLATFORM currency');
    expect(outcomes).toHaveTextContent('paid by CrimsonHost, not by the vendor');
    expect(outcomes).toHaveTextContent('comes back as platform credit');
    expect(section('What happens next')).toHaveTextContent('hour by hour');
  });
});
