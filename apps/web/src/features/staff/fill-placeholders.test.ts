import { describe, expect, it } from 'vitest';
import { buildDeskTicket } from '../../test/support-fixtures';
import { fillPlaceholders, insertReply } from './fill-placeholders';

const rental = {
  kind: 'rental' as const,
  id: '80000000-0000-4000-8000-000000000001',
  serverName: 'Frankfurt Rust #2',
  game: 'rust',
  status: 'ACTIVE' as const,
  endsAt: '2026-11-21T18:30:00.000Z',
  runState: 'error' as const,
};

describe('canned reply placeholders', () => {
  it('fills the customer, the ticket and the rental', () => {
    const ticket = buildDeskTicket({ number: 1042, link: rental });
    expect(
      fillPlaceholders(
        'Hi {{customer.name}}, #{{ticket.number}}: {{rental.server}} until {{ rental.endsAt }}.',
        ticket,
      ),
    ).toMatch(/^Hi Ada Renter, #1042: Frankfurt Rust #2 until \d+ November 2026, \d\d:30\.$/);
  });

  it('reads well without a rental, falls back to the requester, keeps unknown ones', () => {
    const base = buildDeskTicket();
    const guest = buildDeskTicket({
      customer: { ...base.customer, id: null, name: '' },
      requester: { id: null, name: 'Guest Gus', email: 'gus@example.com' },
    });
    expect(fillPlaceholders('{{customer.name}}: {{rental.server}}, {{rental.endsAt}}', guest)).toBe(
      'Guest Gus: your server, the end of your rental',
    );
    expect(fillPlaceholders('{{unknown.thing}}', guest)).toBe('{{unknown.thing}}');
  });

  it('adds a reply after what was written, never over it', () => {
    expect(insertReply('', 'Hello')).toBe('Hello');
    expect(insertReply('Draft  \n', 'Hello')).toBe('Draft\n\nHello');
  });
});
