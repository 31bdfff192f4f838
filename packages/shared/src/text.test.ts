import { describe, expect, it } from 'vitest';
import {
  normalizeText,
  sanitizeInput,
  stripUnsafeText,
  textFieldSchema,
  textProblem,
} from './text';

describe('text fields', () => {
  const name = textFieldSchema({ label: 'Name', min: 2, max: 5 });

  it('normalises to NFC and trims, counting what a person sees', () => {
    expect(name.parse('  Cafe\u0301 ')).toBe('Caf\u00E9');
    // Five characters once composed, six UTF-16 units before.
    expect(name.safeParse('abcde\u0301').success).toBe(true);
  });

  it.each([
    ['\u200B\u200B', 'Name is required'],
    ['a\r\nb', 'Name must not contain line breaks or control characters'],
    ['a\u0085b', 'Name must not contain line breaks or control characters'],
    ['a\u202Eb', 'Name must not contain text-direction control characters'],
    ['a', 'Name must be at least 2 characters'],
    ['abcdef', 'Name must be at most 5 characters'],
  ])('refuses %j: %s', (value, message) => {
    const result = name.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('keeps line feeds and tabs in multi-line text, folding CR LF', () => {
    expect(normalizeText('a\r\nb\rc', true)).toBe('a\nb\nc');
    expect(textProblem('a\n\tb', true)).toBeNull();
    expect(textProblem('a\u0000b', true)).toBe('control');
  });

  it('strips rather than refuses in search text', () => {
    expect(stripUnsafeText('\u202Emine\r\n')).toBe('mine');
  });
});

describe('the input sanitiser of spec section 5', () => {
  it.each([
    ['<script>alert(1)</script>', 'scriptalert(1)/script'],
    ['javascript:alert(1)', 'alert(1)'],
    ['JaVaScRiPt : x', ' x'],
    ['<img src=x onerror=alert(1)>', 'img src=x alert(1)'],
    ['javajavascript:script:x', 'x'],
    ['Plain name, 100% fine', 'Plain name, 100% fine'],
  ])('cleans %j', (input, output) => {
    expect(sanitizeInput(input)).toBe(output);
  });
});
