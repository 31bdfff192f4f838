import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes out as it is, as the compression plugin does. */
const COMPRESS_THRESHOLD = 1024;

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/** The encoding to send for an Accept-Encoding header: brotli first, then gzip, else none. */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const encoding = acceptEncoding ? encodings.negotiate(acceptEncoding) : null;
  return encoding === 'br' || encoding === 'gzip' ? encoding : null;
}

/** Brotli at quality 5 in text mode: 0.1 to 0.3 ms on a 7 KB catalog page, done once per entry. */
export function brotli(text: string | Buffer): Buffer {
  return brotliCompressSync(text, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
    },
  });
}

export function gzip(text: string | Buffer): Buffer {
  return gzipSync(text, { level: 6 });
}

/**
 * A JSON answer that many visitors receive (a cached catalog page, facets, a server's page), with
 * its compressed copies made the first time a visitor asks for each and kept with it. Compressing
 * on every request cost more than the rest of a cached answer: a browser, which always asks for
 * brotli, got ~3,600 answers a second where a client asking for none got ~22,000
 * (docs/benchmarks.md).
 */
export class CompressedAnswer {
  private br: Buffer | undefined;
  private gz: Buffer | undefined;

  constructor(readonly json: string) {}

  /** The body for an encoding; made once, then the same bytes for every visitor. */
  body(encoding: 'br' | 'gzip' | null): string | Buffer {
    if (encoding === null || this.json.length < COMPRESS_THRESHOLD) return this.json;
    if (encoding === 'br') return (this.br ??= brotli(this.json));
    return (this.gz ??= gzip(this.json));
  }

  /**
   * Sends the answer in the encoding the request accepts. The compression plugin leaves a body
   * that already has a Content-Encoding alone. `x-no-compression` is heeded as the plugin does.
   */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type('application/json; charset=utf-8');
    if (this.json.length < COMPRESS_THRESHOLD) return reply.send(this.json);
    reply.header('vary', 'accept-encoding');
    const encoding =
      request.headers['x-no-compression'] === undefined
        ? negotiateEncoding(request.headers['accept-encoding'])
        : null;
    if (encoding !== null) reply.header('content-encoding', encoding);
    return reply.send(this.body(encoding));
  }
}
