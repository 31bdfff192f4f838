import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { StatementNames, wrapConnectionQueries } from '../src/db/prepared-statements';
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

describe('a connection wrapped for the API', () => {
  /** A stand-in connection that answers after a tick and counts the queries it runs at once. */
  function connection() {
    const seen: { text: string; name?: string }[] = [];
    let running = 0;
    let most = 0;
    const client: { query: (config: { text: string; name?: string }) => Promise<unknown> } = {
      query: (config) => {
        seen.push(config);
        running += 1;
        most = Math.max(most, running);
        return new Promise((resolve, reject) =>
          setTimeout(() => {
            running -= 1;
            if (config.text === 'fail') reject(new Error('refused'));
            else resolve({ rows: [{ text: config.text }] });
          }, 2),
        );
      },
    };
    return { client, seen, most: () => most };
  }

  it('sends queries asked for at once one after another, in order, a failure included', async () => {
    const { client, seen, most } = connection();
    wrapConnectionQueries(client as unknown as pg.PoolClient, null);
    const query = (text: string) => client.query({ text });
    const answers = await Promise.allSettled([query('a'), query('fail'), query('c')]);
    expect(most()).toBe(1);
    expect(seen.map((c) => c.text)).toEqual(['a', 'fail', 'c']);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(seen.every((c) => c.name === undefined)).toBe(true);
  });

  it('names a text from its second sighting when given names', async () => {
    const { client, seen } = connection();
    wrapConnectionQueries(client as unknown as pg.PoolClient, new StatementNames(5));
    await client.query({ text: 'select 1' });
    await client.query({ text: 'select 1' });
    expect(seen[0]!.name).toBeUndefined();
    expect(seen[1]!.name).toMatch(/^crimsonhost_/);
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

  it('answers reads made at once inside one transaction, each with its own rows', async () => {
    const [byId, count, now] = await database.db.transaction((tx) =>
      Promise.all([
        tx.select({ email: users.email }).from(users).where(eq(users.id, userId)),
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from users`),
        queryRows<{ one: number }>(tx, sql`select 1 as one`),
      ]),
    );
    expect(byId).toHaveLength(1);
    expect(count[0]!.n).toBeGreaterThanOrEqual(1);
    expect(now).toEqual([{ one: 1 }]);
  });

  it('sends every statement unnamed when turned off', async () => {
    const { answers, prepared } = await repeat(unnamed);
    expect(answers[3]).toEqual(answers[0]);
    expect(prepared).toEqual([]);
  });
});
