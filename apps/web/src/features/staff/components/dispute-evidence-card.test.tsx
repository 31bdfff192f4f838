import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DisputeEvidence, EvidenceHour } from '@crimsonhost/shared/dispute-evidence';
import { errorBody } from '../../../test/auth-fixtures';
import { server } from '../../../test/msw-server';
import { renderInApp, signIn } from '../../../test/rental-fixtures';
import { serveDeskBasics, SUPPORT_USER } from '../test/desk-fixtures';
import { DisputeEvidenceCard } from './dispute-evidence-card';
import { periodText } from './evidence-periods';

const DISPUTE_ID = '50000000-0000-4000-8000-000000000001';

const hour = (overrides: Partial<EvidenceHour> & Pick<EvidenceHour, 'hour'>): EvidenceHour => ({
  checks: 120,
  answered: 120,
  playersMax: 10,
  playersAvg: 8,
  states: ['running'],
  panelDown: false,
  unreachable: false,
  renterStopped: false,
  verdict: 'up',
  ...overrides,
});

/** A three-hour rental, 18:20 to 21:20 UTC: unreachable at 19, stopped at 20, unmeasured at 21. */
const EVIDENCE: DisputeEvidence = {
  disputeId: DISPUTE_ID,
  rentalId: '80000000-0000-4000-8000-000000000001',
  from: '2026-11-24T18:20:00.000Z',
  to: '2026-11-24T21:20:00.000Z',
  windowHours: 3,
  downHours: 2,
  renterStoppedHours: 0,
  noMeasurementHours: 1,
  pricePerHour: '2.500000',
  suggestedRefund: '5.000000',
  timeline: [
    {
      state: 'running',
      detail: null,
      from: '2026-11-24T18:20:00.000Z',
      to: '2026-11-24T20:10:00.000Z',
    },
    {
      state: 'stopped',
      detail: null,
      from: '2026-11-24T20:10:00.000Z',
      to: '2026-11-24T20:50:00.000Z',
    },
    {
      state: 'running',
      detail: null,
      from: '2026-11-24T20:50:00.000Z',
      to: '2026-11-24T21:20:00.000Z',
    },
  ],
  hours: [
    hour({ hour: '2026-11-24T18:00:00.000Z' }),
    hour({
      hour: '2026-11-24T19:00:00.000Z',
      answered: 0,
      playersMax: null,
      playersAvg: null,
      unreachable: true,
      verdict: 'down',
    }),
    hour({
      hour: '2026-11-24T20:00:00.000Z',
      answered: 40,
      states: ['running', 'stopped', 'running'],
      panelDown: true,
      verdict: 'down',
    }),
    hour({
      hour: '2026-11-24T21:00:00.000Z',
      checks: 0,
      answered: 0,
      playersMax: null,
      playersAvg: null,
      verdict: 'no_measurement',
    }),
  ],
  powerActions: [
    { signal: 'restart', outcome: 'ok', message: null, sentAt: '2026-11-24T19:35:00.000Z' },
    {
      signal: 'start',
      outcome: 'failed',
      message: 'The control panel did not answer within 8 seconds.',
      sentAt: '2026-11-24T20:20:00.000Z',
    },
  ],
  panelErrors: [
    {
      kind: 'timeout',
      message: 'state: The control panel did not answer within 4 seconds.',
      at: '2026-11-24T20:12:00.000Z',
    },
  ],
};

function renderCard(answer: () => Response) {
  signIn(SUPPORT_USER);
  serveDeskBasics();
  server.use(http.get(`/api/admin/disputes/${DISPUTE_ID}/evidence`, answer));
  return renderInApp(<DisputeEvidenceCard disputeId={DISPUTE_ID} />, {
    path: '/admin/tickets/:ticketId',
    at: '/admin/tickets/ticket-1',
  });
}

const card = () =>
  screen
    .getByRole('heading', { level: 2, name: 'Measured evidence' })
    .closest<HTMLElement>('.ant-card')!;
/** A headline figure: the value beside its label. */
const figure = (label: string) =>
  within(card()).getByText(label, { selector: '.ant-descriptions-item-label' }).nextSibling;
const table = (name: string) => within(card()).getByRole('table', { name });
const rows = (name: string) =>
  within(table(name))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe("a dispute's measured evidence", () => {
  it('shows the hours down, the hours unmeasured and the refund they suggest, in words', async () => {
    renderCard(() => HttpResponse.json({ data: EVIDENCE }));
    expect(await within(card()).findByText('2 hours of 3')).toBeInTheDocument();
    expect(figure('Down or unreachable')).toHaveTextContent('2 hours of 3');
    expect(figure('Without measurement')).toHaveTextContent('1 hour');
    expect(figure('Stopped by the renter')).toHaveTextContent('0 hours');
    expect(figure('Suggested refund')).toHaveTextContent('5.00 USDT (2 hours × 2.50 USDT)');

    // The hours in runs of the same reading: the verdict in words, never a colour alone.
    expect(rows('The rental hour by hour')).toEqual([
      `${periodText('2026-11-24T18:20:00.000Z', '2026-11-24T19:00:00.000Z')} · 1 hourUp120 of 120 answeredUp to 10Running`,
      expect.stringContaining('Down or unreachableNo status check answered0 of 120 answered'),
      expect.stringContaining(
        'Down or unreachableThe panel showed it not running40 of 120 answeredUp to 10Running → Stopped → Running',
      ),
      expect.stringContaining('No measurementNo status check at allNone—Running'),
    ]);

    expect(rows('Run states from the panel').map((row) => row.split(/\d/)[0])).toEqual([
      'Running',
      'Stopped',
      'Running',
    ]);
    expect(rows('Power signals sent to the panel')).toEqual([
      expect.stringContaining('RestartTaken by the panel'),
      expect.stringContaining('StartFailed: The control panel did not answer within 8 seconds.'),
    ]);
    expect(rows('Panel errors')).toEqual([
      expect.stringContaining('timeoutstate: The control panel did not answer within 4 seconds.'),
    ]);
  });

  it('says so when nothing was measured over the rental', async () => {
    renderCard(() =>
      HttpResponse.json({
        data: {
          ...EVIDENCE,
          downHours: 0,
          noMeasurementHours: 4,
          suggestedRefund: '0.000000',
          timeline: [{ state: null, detail: null, from: EVIDENCE.from, to: EVIDENCE.to }],
          hours: EVIDENCE.hours.map((entry) =>
            hour({
              hour: entry.hour,
              checks: 0,
              answered: 0,
              playersMax: null,
              playersAvg: null,
              states: [],
              verdict: 'no_measurement',
            }),
          ),
          powerActions: [],
          panelErrors: [],
        },
      }),
    );
    expect(
      await within(card()).findByText(
        'Nothing was measured over this rental: no panel reading, no status check.',
      ),
    ).toBeInTheDocument();
    expect(within(card()).getByText('0 hours of 3')).toBeInTheDocument();
    expect(within(card()).queryByRole('table', { name: 'The rental hour by hour' })).toBeNull();
  });

  it('shows it loading, then why it could not be read, with a retry', async () => {
    renderCard(() =>
      HttpResponse.json(errorBody('NOT_FOUND', 'Dispute not found'), { status: 404 }),
    );
    expect(within(card()).getByRole('status', { name: 'Loading content' })).toBeInTheDocument();
    expect(
      await within(card()).findByText('The measured evidence could not be loaded'),
    ).toBeInTheDocument();
    expect(within(card()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
