// `npm run moderation:scan` as a moderator runs it: JSON lines in, one JSON line out for each
// message, an error line for a line that is not JSON, and the scan goes on to the end.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiRoot } from '../../src/lib/package-paths';

function scan(input: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/moderation-scan.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH },
    input,
    encoding: 'utf8',
  });
}

describe('npm run moderation:scan', () => {
  it('answers every line, an error for the unreadable ones, and exits 0', () => {
    const run = scan(
      [
        JSON.stringify({ text: 'add me on disc0rd: name#1234' }),
        '{"text": "the server crashed at 20:30"',
        '',
        JSON.stringify({ text: 'pay me directly, cheaper' }),
        JSON.stringify({ note: 'no text here' }),
        JSON.stringify({ text: 'ip 203.0.113.9:27015 pw 9175550123', allowed: ['9175550123'] }),
        JSON.stringify({ text: 'call +1 917 555 0123' }),
      ].join('\n'),
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const lines = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      {
        text: 'add me on disc0rd: name#1234',
        kinds: ['social_media'],
        solicitation: false,
        held: true,
      },
      { error: expect.stringMatching(/^line 2 is not JSON: /) as unknown },
      { text: 'pay me directly, cheaper', kinds: [], solicitation: true, held: true },
      { error: 'line 5 has no "text" string' },
      { text: 'ip 203.0.113.9:27015 pw 9175550123', kinds: [], solicitation: false, held: false },
      { text: 'call +1 917 555 0123', kinds: ['phone'], solicitation: false, held: true },
    ]);
    // A tsx start of the CLI: a few seconds alone, more beside the other test files.
  }, 60_000);

  it('writes nothing for no input', () => {
    const run = scan('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
  }, 60_000);
});
