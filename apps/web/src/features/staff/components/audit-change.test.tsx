import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditChange, fieldLabel, hasChange } from './audit-change';

describe("an audit line's change", () => {
  it('names fields in words', () => {
    expect(fieldLabel('suspendedUntil')).toBe('Suspended until');
    expect(fieldLabel('status_reason')).toBe('Status reason');
    expect(fieldLabel('role')).toBe('Role');
  });

  it('has nothing to open when neither side holds a field', () => {
    expect(hasChange({ before: null, after: null })).toBe(false);
    expect(hasChange({ before: {}, after: { role: 'admin' } })).toBe(true);
  });

  it('shows values as people read them: labels, dates, yes and no, nested records', () => {
    render(
      <AuditChange
        before={{ status: 'active', penalty: null, sessions: 2 }}
        after={{
          status: 'banned',
          penalty: 'permanent_ban',
          sessions: 0,
          mailed: true,
          device: { clientKind: 'WEB', ip: '203.0.113.9' },
          tags: [],
        }}
      />,
    );
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Banned')).toBeInTheDocument();
    expect(screen.getByText('Permanent ban')).toBeInTheDocument();
    expect(screen.getByText('Yes')).toBeInTheDocument();
    expect(screen.getByText('Client kind:')).toBeInTheDocument();
    expect(screen.getByText('203.0.113.9')).toBeInTheDocument();
    expect(screen.getByText('None')).toBeInTheDocument();
    expect(screen.queryByText(/[{}]/)).toBeNull();
  });
});
