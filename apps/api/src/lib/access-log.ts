import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { pino } from 'pino';

/** A pino logger's own parts the access line is written with (pino exports their symbols). */
interface PinoParts {
  [pino.symbols.streamSym]?: { write(line: string): void };
  [pino.symbols.chindingsSym]?: string;
  isLevelEnabled?(level: string): boolean;
}

/**
 * One access line per request, written when the answer has gone out, in place of Fastify's two
 * ("incoming request" and "request completed", each with the whole request and response objects).
 * It carries what an operator searches by: method, route, path, status, time and the request id
 * (bound to `request.log` as `reqId`). The route is the pattern (`/api/servers/:id`), so lines
 * group by endpoint; the path is the address without its query string, which may hold a token
 * (`/verify-email?token=`, `/reset-password?token=`) that must not reach a log. Fastify's other
 * lines (its error handler's, a reply that failed to send) are kept as they are.
 *
 * The line is the one the server writes most, so it is serialised here with its fields known in
 * advance instead of by pino's general walk over an object, which measured at two thirds of what
 * logging cost (docs/benchmarks.md, request logging). It is the line pino would write: the same
 * level and time fields, the request logger's bindings (pid, hostname, reqId) as pino serialised
 * them, on the same stream. A failed request, and any logger that is not pino, go through the
 * logger's own call.
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const log = reply.log as FastifyBaseLogger & PinoParts;
    const route = request.routeOptions.url ?? null;
    const path = pathOf(request.url);
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const stream = log[pino.symbols.streamSym];
    const bindings = log[pino.symbols.chindingsSym];
    if (!error && stream && bindings !== undefined && log.isLevelEnabled) {
      if (!log.isLevelEnabled('info')) return;
      stream.write(
        `{"level":30,"time":${Date.now()}${bindings},"method":${JSON.stringify(request.method)},` +
          `"route":${JSON.stringify(route)},"path":${JSON.stringify(path)},` +
          `"status":${reply.statusCode},"ms":${ms},"msg":"request"}\n`,
      );
      return;
    }
    const line = { method: request.method, route, path, status: reply.statusCode, ms };
    if (error) log.error({ ...line, err: error }, 'request');
    else log.info(line, 'request');
  }
}

function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
