import { ArrowRightOutlined } from '@ant-design/icons';
import { Col, Descriptions, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { PENALTY_LABELS, type Penalty } from '@crimsonhost/shared/admin';
import type { Role } from '@crimsonhost/shared/constants';
import type { UserStatus } from '../users-search';
import { ROLE_LABELS, USER_STATUS_LABELS, when } from './user-tags';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'suspendedUntil' and 'suspended_until' -> 'Suspended until'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The product's word for a value the log keeps as a code: a role, a status, a penalty. */
function named(key: string, value: string): string | null {
  if (key === 'role' && value in ROLE_LABELS) return ROLE_LABELS[value as Role];
  if (key === 'status' && value in USER_STATUS_LABELS) {
    return USER_STATUS_LABELS[value as UserStatus];
  }
  if (key === 'penalty' && value in PENALTY_LABELS) return PENALTY_LABELS[value as Penalty];
  return null;
}

/** One value as people read it: words for codes, dates as dates, nested records as lists. */
export function readableValue(key: string, value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') {
    if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) {
      return <time dateTime={value}>{when(value)}</time>;
    }
    return named(key, value) ?? value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return 'None';
    return (
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {value.map((item, index) => (
          <li key={index}>{readableValue(key, item)}</li>
        ))}
      </ul>
    );
  }
  if (isRecord(value)) {
    return (
      <dl style={{ margin: 0 }}>
        {Object.entries(value).map(([inner, innerValue]) => (
          <div key={inner} style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
            <dt style={{ fontWeight: 600 }}>{fieldLabel(inner)}:</dt>
            <dd style={{ margin: 0 }}>{readableValue(inner, innerValue)}</dd>
          </div>
        ))}
      </dl>
    );
  }
  // JSON holds nothing else; anything odd is shown as absent rather than as '[object …]'.
  return '—';
}

/** The fields of one side of the change; a value that is not a record is one field, "Value". */
function fieldsOf(value: unknown): Record<string, unknown> {
  if (value === null || value === undefined) return {};
  return isRecord(value) ? value : { value };
}

function Side({
  title,
  fields,
  changed,
}: {
  title: string;
  fields: Record<string, unknown>;
  changed: Set<string>;
}) {
  const entries = Object.entries(fields);
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      title={<h3 style={{ fontSize: 14, margin: 0 }}>{title}</h3>}
      items={
        entries.length === 0
          ? [{ key: 'none', label: 'Nothing', children: '—' }]
          : entries.map(([key, value]) => ({
              key,
              label: fieldLabel(key),
              children: changed.has(key) ? (
                <Typography.Text strong>{readableValue(key, value)}</Typography.Text>
              ) : (
                readableValue(key, value)
              ),
            }))
      }
    />
  );
}

/** Whether an audit line has anything to show beyond its row. */
export function hasChange(entry: { before: unknown; after: unknown }): boolean {
  return (
    Object.keys(fieldsOf(entry.before)).length > 0 || Object.keys(fieldsOf(entry.after)).length > 0
  );
}

/**
 * An audit line's before and after as two lists of fields side by side (stacked on a phone);
 * what changed is in bold on the after side.
 */
export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  const old = fieldsOf(before);
  const now = fieldsOf(after);
  const changed = new Set(
    Object.keys(now).filter((key) => JSON.stringify(old[key]) !== JSON.stringify(now[key])),
  );
  return (
    <Row gutter={[16, 12]} wrap>
      <Col xs={24} md={11}>
        <Side title="Before" fields={old} changed={new Set()} />
      </Col>
      <Col xs={0} md={2} style={{ textAlign: 'center', paddingTop: 40 }}>
        <ArrowRightOutlined aria-hidden style={{ fontSize: 18 }} />
      </Col>
      <Col xs={24} md={11}>
        <Side title="After" fields={now} changed={changed} />
      </Col>
    </Row>
  );
}
