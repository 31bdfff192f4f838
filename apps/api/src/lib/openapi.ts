import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { errorEnvelopeSchema } from '@crimsonhost/shared/errors';
import { audienceOfHooks, STAFF_ROLES, type GuardAudience } from '../modules/auth/auth.guard';

/**
 * The API document as other tools can use it (issue 15 point 8): every operation has an
 * operationId, says whether it needs a Bearer token and for whom, and declares the error answers
 * it can give in the API's envelope. A standard linter (Redocly's recommended rules) checks it in
 * `test/openapi.test.ts`.
 */

export const BEARER_SCHEME = 'bearerAuth';

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformInput = Parameters<Transform>[0];
interface RouteSchema {
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
  description?: string;
  security?: unknown;
  operationId?: string;
  [key: string]: unknown;
}

const pascal = (word: string) =>
  word
    .split(/[-_]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** `POST /api/admin/users/:id/role` → `postAdminUsersByIdRole`: unique, as method and path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .map((segment) =>
      segment.startsWith(':') || segment.startsWith('{')
        ? `By${pascal(segment.replace(/[:{}]/g, ''))}`
        : pascal(segment),
    );
  return `${method.toLowerCase()}${words.join('')}`;
}

/** Who may call a route: the guard in its onRequest, or the staff area's guard by its prefix. */
function audienceOf(url: string, route: { onRequest?: unknown }): GuardAudience | null {
  if (url.startsWith('/api/admin/')) {
    const own = audienceOfHooks(route.onRequest);
    return own && own !== 'any account' ? own : STAFF_ROLES;
  }
  return audienceOfHooks(route.onRequest);
}

const describeAudience = (audience: GuardAudience) =>
  audience === 'any account'
    ? 'Any signed-in account (Bearer token).'
    : `Roles: ${audience.join(', ')} (Bearer token${
        audience.every((role) => role === 'admin' || role === 'support')
          ? ' of the staff area, client kind ADMIN or SUPPORT'
          : ''
      }).`;

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid: `details.fields` names each field and what is wrong.',
  401: 'No valid access token: sign in.',
  403: 'The account may not do this (its role, a suspension, or a staff sign-in that ended).',
  404: 'No such record, or one the caller may not see.',
  422: 'A rule of the product refuses it; the message says which.',
  429: 'Too many attempts; Retry-After says when to try again.',
};

const errorAnswer = (code: number): z.ZodType =>
  errorEnvelopeSchema.describe(ERROR_DESCRIPTIONS[code] ?? 'An error in the API envelope.');

/**
 * OpenAPI 3.0 wants a `type` beside `nullable`; zod writes a nullable union as `anyOf` with
 * `nullable` and no type. Where every member has one type, that type is said on the union too.
 */
function typeNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(typeNullableUnions);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const members = (schema.anyOf ?? schema.oneOf) as Array<{ type?: unknown }> | undefined;
  if (schema.nullable === true && schema.type === undefined && members?.length) {
    const types = new Set(members.map((member) => member.type));
    if (types.size === 1 && typeof members[0]!.type === 'string') schema.type = members[0]!.type;
  }
  Object.values(schema).forEach(typeNullableUnions);
}

/** Adds operationId, security and error answers, then hands the route to zod's transform. */
export const openApiTransform: Transform = (input: TransformInput) => {
  const { url } = input;
  const route = (input as { route?: { method?: string | string[]; onRequest?: unknown } }).route;
  const schema = { ...((input.schema ?? {}) as RouteSchema) };
  const method = Array.isArray(route?.method) ? route.method[0]! : (route?.method ?? 'GET');
  const audience = audienceOf(url, route ?? {});
  const errors = new Set<number>();
  if (schema.body || schema.querystring || schema.params) errors.add(400);
  if (audience) {
    errors.add(401);
    errors.add(403);
  }
  if (/[:{]/.test(url)) errors.add(404);
  if (method !== 'GET' && audience) errors.add(422);
  // Every answer may be a 429 from the per-address limits; it also gives each route a 4xx.
  errors.add(429);
  const response: Record<string, unknown> = {};
  for (const code of errors) response[String(code)] = errorAnswer(code);
  Object.assign(response, schema.response ?? {});
  const result = jsonSchemaTransform({
    ...input,
    schema: { ...schema, response },
  } as Parameters<typeof jsonSchemaTransform>[0]);
  const transformed = result.schema as RouteSchema;
  typeNullableUnions(transformed.response);
  transformed.operationId = operationIdOf(method, url);
  transformed.security = audience ? [{ [BEARER_SCHEME]: [] }] : [];
  if (audience) {
    transformed.description = [schema.description, describeAudience(audience)]
      .filter(Boolean)
      .join('\n\n');
  }
  return result;
};
