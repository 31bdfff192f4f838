import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, FieldIssue } from '@crimsonhost/shared/errors';
import { isConnectionLost, isUniqueViolation, isUnstorableText } from './db-errors';
import { AppError, describeFields } from './errors';

/** Fastify's own 4xx errors, each under a code of the envelope and a message a person can read. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'BAD_REQUEST',
    message: "The request body is empty but its content type is 'application/json'",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'This content type is not supported; send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'BAD_REQUEST',
    message: 'The request content length does not match its body',
  },
};

const STATUS_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

export function envelope(code: string, message: string, details?: unknown): ErrorEnvelope {
  return details === undefined
    ? { error: { code, message } }
    : { error: { code, message, details } };
}

function validationFields(error: FastifyError): FieldIssue[] {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? []).map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { field: field || context, message: issue.message ?? 'is invalid' };
  });
}

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: unknown,
) {
  return reply
    .code(status)
    .type('application/json')
    .send(envelope(code, message, details));
}

/** Whether a parsed request part holds a NUL character anywhere, in a key or a value. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  // A binary body (an uploaded file) is bytes, not text: walking it entry by entry took seconds.
  if (ArrayBuffer.isView(value)) return false;
  return Object.entries(value).some(
    ([key, inner]) => key.includes('\u0000') || containsNul(inner, depth + 1),
  );
}

/**
 * Errors the router raises before any route or hook runs (a malformed URL, a path segment past the
 * router's length limit): the same envelope, so a client never sees Fastify's own error shape.
 */
export function routerError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(reply, 414, 'URI_TOO_LONG', 'A part of the address is too long');
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(reply, 400, 'BAD_REQUEST', 'The address is not valid');
  } else {
    void sendError(reply, 400, 'BAD_REQUEST', 'The request could not be routed');
  }
}

/**
 * The one error handler: validation answers 400 with the fields named, an AppError its own status,
 * a client error of the framework its status with a plain message, a lost database connection a
 * 503 to retry, and everything else a logged, masked 500.
 */
export function registerErrorHandler(app: FastifyInstance) {
  // Text with a NUL character can be neither stored nor compared by PostgreSQL: refuse it up front.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
      throw new AppError(
        'BAD_REQUEST',
        400,
        'The request contains characters that are not allowed',
      );
    }
  });
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      if (error.headers) void reply.headers(error.headers);
      return sendError(reply, error.status, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const fields = validationFields(error);
      return sendError(reply, 400, 'VALIDATION_ERROR', describeFields(fields), { fields });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return sendError(reply, error.statusCode ?? 400, known.code, known.message);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 429) return sendError(reply, 429, 'RATE_LIMITED', error.message);
      return sendError(reply, status, STATUS_CODES[status] ?? 'BAD_REQUEST', error.message);
    }
    if (isConnectionLost(error)) {
      request.log.warn({ err: error }, 'database connection lost during the request');
      void reply.header('retry-after', '1');
      return sendError(
        reply,
        503,
        'SERVICE_UNAVAILABLE',
        'The service lost its database connection for a moment. Please try again.',
      );
    }
    if (isUniqueViolation(error)) {
      return sendError(
        reply,
        409,
        'CONFLICT',
        'Someone else changed this at the same moment. Reload and try again.',
      );
    }
    if (isUnstorableText(error)) {
      request.log.warn({ err: error }, 'input the database refused');
      return sendError(
        reply,
        400,
        'BAD_REQUEST',
        'The request contains characters that are not allowed',
      );
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      500,
      'INTERNAL_ERROR',
      'Something went wrong on our side. Please try again; if it keeps happening, contact support.',
    );
  });
}
