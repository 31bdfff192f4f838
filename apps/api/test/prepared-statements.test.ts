import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { StatementNames } from '../src/db/prepared-statements';
import { users } from '../src/db/schema/index';
import { createTestDatabase, type TestDatabase } from './database';
import { createUser } from './factories';

describe('StatementNames', () => {
  it('names a text the second time it is seen, and keeps that name', () => {
    const names = new StatementNames(10);
    expect(names.nameFor('select 1')).toBeUndefined();
    const name = names.nameFor('select 1');
    expect(name).toMatch(/^crimsonhost_[0-9a-f]{24}$/);
    expect(names.nameFor('select 1')).toBe(name);
    names.nameFor('select 2');
    expect(names.nameFor('select 2')).not.toBe(name);
    expect(names.size).toBe(2);
  });

  it('names no more texts than its cap; the rest stay unnamed', () => {
    const names = new StatementNames(2);
    for (const text of ['a', 'b', 'c']) names.nameFor(text);
    expect(names.nameFor('a')).toBeDefined();
    expect(names.nameFor('b')).toBeDefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.size).toBe(2);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  let database: TestDatabase;
  let unnamed: DatabaseHandle;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    unnamed = await openDatabase({ driver: 'postgres', url: database.url!, namedStatements: 0 });
    userId = (await createUser(database.db)).id;
  });
  afterAll(async () => {
    await unnamed.close();
    await database.close();
  });

  /** Runs the same Drizzle query four times on one connection; answers its rows and the names. */
  async function repeat(handle: DatabaseHandle) {
    return handle.db.transaction(async (tx) => {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push(
          await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)),
        );
      }
      const prepared = await queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where name like 'crimsonhost_%'`,
      );
      return { answers, prepared };
    });
  }

  it('parses a repeated query once per connection and answers the same rows', async () => {
    const { answers, prepared } = await repeat(database);
    expect(new Set(answers.map((rows) => JSON.stringify(rows))).size).toBe(1);
    expect(answers[0]).toHaveLength(1);
    expect(prepared.some((row) => row.statement.includes('from "users"'))).toBe(true);
  });

  it('sends every statement unnamed when turned off', async () => {
    const { answers, prepared } = await repeat(unnamed);
    expect(answers[3]).toEqual(answers[0]);
    expect(prepared).toEqual([]);
  });
});
