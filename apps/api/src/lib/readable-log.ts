import type { DestinationStream } from 'pino';
import { LogStream } from './log-stream';

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
/** pino's own fields, and the access line's, which the readable line shows in its own way. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'method',
  'route',
  'path',
  'status',
  'ms',
]);

/**
 * One log record (pino's JSON line) as a line a person reads in a terminal:
 * `12:01:02 GET /api/servers 200 3.1 ms` for an access line, `12:01:02 WARN message key=value`
 * for the rest, and an error's stack below it.
 */
export function readableLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(typeof record.time === 'number' ? record.time : Date.now())
    .toTimeString()
    .slice(0, 8);
  const level = LEVELS[record.level as number] ?? String(record.level);
  if (record.msg === 'request' && typeof record.method === 'string') {
    return `${time} ${record.method} ${String(record.path)} ${String(record.status)} ${String(record.ms)} ms\n`;
  }
  const rest: string[] = [];
  let stack = '';
  for (const [key, value] of Object.entries(record)) {
    if (SHOWN.has(key)) continue;
    if (key === 'err' && value && typeof value === 'object' && 'stack' in value) {
      stack = `\n${String(value.stack)}`;
      continue;
    }
    rest.push(`${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  }
  const prefix = level === 'info' ? time : `${time} ${level}`;
  const fields = rest.length > 0 ? ` ${rest.join(' ')}` : '';
  const message = typeof record.msg === 'string' ? record.msg : JSON.stringify(record.msg ?? '');
  return `${prefix} ${message}${fields}${stack}\n`;
}

/**
 * The JSON log's stream (lib/log-stream.ts): each turn's lines in one write right after the turn,
 * never blocking on a full pipe, written and synced when the process exits. `dest` is a file
 * descriptor or a path.
 */
export function jsonDestination(dest: number | string = 1): DestinationStream & {
  flushSync(): void;
} {
  const stream = LogStream.open(dest);
  process.on('exit', () => stream.flushSync());
  return stream;
}

/**
 * Where the server's log goes: JSON lines for a log collector, or readable lines when the output is
 * a terminal (a newcomer's `npm start`). LOG_FORMAT=json or =pretty decides instead of the terminal.
 */
export function logDestination(
  format: 'auto' | 'json' | 'pretty',
  output: NodeJS.WriteStream = process.stdout,
): DestinationStream {
  const pretty = format === 'pretty' || (format === 'auto' && output.isTTY === true);
  if (!pretty) return jsonDestination((output as { fd?: number }).fd ?? 1);
  return { write: (line: string) => void output.write(readableLine(line)) };
}
