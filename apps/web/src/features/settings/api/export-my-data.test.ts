import { describe, expect, it } from 'vitest';
import { FALLBACK_EXPORT_FILE_NAME, exportFileName } from './export-my-data';

describe('exportFileName', () => {
  it.each([
    ['attachment; filename="crimsonhost-data-2026-11-27.json"', 'crimsonhost-data-2026-11-27.json'],
    ['attachment; filename=crimsonhost-data.json', 'crimsonhost-data.json'],
    ['attachment; filename="my \\"data\\".json"', 'my "data".json'],
    // RFC 5987's encoded name wins over the plain one.
    [
      'attachment; filename="data.json"; filename*=UTF-8\'\'donn%C3%A9es-2026.json',
      'données-2026.json',
    ],
    // A folder part is never part of the saved name.
    ['attachment; filename="../../etc/passwd.json"', 'passwd.json'],
  ])('reads %s', (header, name) => {
    expect(exportFileName(header)).toBe(name);
  });

  it.each([undefined, '', 'attachment', 'attachment; filename=""', 'attachment; filename=".."'])(
    'falls back to crimsonhost-data.json for %s',
    (header) => {
      expect(exportFileName(header)).toBe(FALLBACK_EXPORT_FILE_NAME);
      expect(FALLBACK_EXPORT_FILE_NAME).toBe('crimsonhost-data.json');
    },
  );

  it('falls back to the plain name when the encoded one cannot be decoded', () => {
    expect(
      exportFileName('attachment; filename="data.json"; filename*=UTF-8\'\'%E0%A4%A.json'),
    ).toBe('data.json');
  });
});
