// The API document is one other tools can use (issue 15 point 8): Redocly's recommended rules
// find no error in it, every operation has an operationId, and every protected operation names
// its Bearer scheme, who may call it, and its 401 and 403 answers.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './app';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  description?: string;
  responses: Record<string, unknown>;
}

let ctx: TestContext;
let document: { paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  ctx = await createTestApp();
  document = ctx.app.swagger() as unknown as typeof document;
});
afterAll(() => ctx.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended rules without an error", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(document),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} ${problem.location[0]?.pointer}`);
    expect(errors).toEqual([]);
    // What is left are warnings a document of this API cannot avoid: a redirect (Discord's
    // start) and a file download have no JSON 2xx, and a test's server is on localhost.
    const warnings = new Set(problems.map((problem) => problem.ruleId));
    for (const rule of ['operation-operationId', 'security-defined', 'operation-4xx-response']) {
      expect(warnings.has(rule), rule).toBe(false);
    }
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const users = document.paths['/api/admin/users/{id}/role']!.post!;
    expect(users.operationId).toBe('postAdminUsersByIdRole');
  });

  it('says who may call each protected operation, and that it may answer 401 and 403', () => {
    for (const { path, method, operation } of operations()) {
      const secured = (operation.security ?? []).length > 0;
      if (!secured) continue;
      expect(operation.security, `${method} ${path}`).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(operation.responses), `${method} ${path}`).toEqual(
        expect.arrayContaining(['401', '403']),
      );
      expect(operation.description, `${method} ${path}`).toMatch(/Roles: |Any signed-in account/);
    }
    expect(document.paths['/api/admin/audit']!.get!.description).toContain('Roles: admin');
    expect(document.paths['/api/admin/users']!.get!.description).toContain('Roles: support, admin');
    expect(document.paths['/api/wallet']!.get!.description).toContain('Any signed-in account');
    expect(document.paths['/api/servers']!.get!.security).toEqual([]);
  });
});
