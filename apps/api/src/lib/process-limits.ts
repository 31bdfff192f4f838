import type { FastifyHttpOptions } from 'fastify';
import type { Server } from 'node:http';
import type { Config } from '../config';

/**
 * The HTTP limits of one instance (docs/architecture.md, "Process limits"; decision 017): how long a
 * client may take to send its headers and its whole request, how long a socket may sit silent or
 * idle between keep-alive requests, and how many sockets may be open at once.
 */
export function httpLimitOptions(config: Config): FastifyHttpOptions<Server> {
  const shortest = Math.min(config.HTTP_HEADERS_TIMEOUT_MS, config.HTTP_REQUEST_TIMEOUT_MS);
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.HTTP_IDLE_TIMEOUT_MS,
    maxRequestsPerSocket: config.HTTP_MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      // Node looks for overdue headers and requests on this interval (30 s by default, which would
      // let a slow client stay up to 30 s past its limit): every second, or sooner for short limits.
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(shortest / 4))),
    },
  };
}

/** Past the cap, Node closes each new socket at once; the open ones keep being served. */
export function applyConnectionCap(server: Server, config: Config) {
  server.maxConnections = config.HTTP_MAX_CONNECTIONS;
}
