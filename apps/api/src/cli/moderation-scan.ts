// `npm run moderation:scan`: runs the contact-info detector (issue 17 point 9) over messages, one
// JSON object a line on standard input ({"text": "…"}, with "allowed" for a rental's connection
// details if wanted), and writes one JSON line for each: what it found and whether it would hold
// the message. A line that cannot be read gets an error line of its own and the scan goes on, so
// that one bad line in a large export does not lose the rest. Blank lines are skipped.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { detectContacts } from '../modules/moderation/contact-detector';

/** The answer to one input line, or null for a blank line. */
function scanLine(line: string, lineNumber: number): Record<string, unknown> | null {
  if (line.trim() === '') return null;
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch (error) {
    return { error: `line ${lineNumber} is not JSON: ${(error as Error).message}` };
  }
  const { text, allowed } = (message ?? {}) as { text?: unknown; allowed?: unknown };
  if (typeof text !== 'string') {
    return { error: `line ${lineNumber} has no "text" string` };
  }
  const allowedList =
    Array.isArray(allowed) && allowed.every((entry) => typeof entry === 'string') ? allowed : [];
  const found = detectContacts(text, { allowed: allowedList });
  return { text, kinds: found.kinds, solicitation: found.solicitation, held: found.hold };
}

async function main() {
  const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
  let lineNumber = 0;
  for await (const line of lines) {
    lineNumber += 1;
    const answer = scanLine(line, lineNumber);
    if (answer && !process.stdout.write(`${JSON.stringify(answer)}\n`)) {
      await once(process.stdout, 'drain');
    }
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not scan the messages: ${(error as Error).message}\n`);
  process.exitCode = 1;
});
