import { z } from 'zod';

/**
 * Text people type, kept as people read it. The server normalises every text field to Unicode
 * NFC and refuses what cannot be shown honestly: control characters (a `\r\nBcc:` in a name ends
 * up in a mail header or a log line), bidirectional overrides and isolates (they make "gpj.exe"
 * read as "exe.jpg"), and names made only of invisible characters. The web app additionally
 * strips markup patterns as the user types (spec section 5; `sanitizeTextInput`).
 */

/** C0 and C1 control characters, DEL; line breaks of every kind count as controls here. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
/** Controls of a multi-line text: the same less tab and line feed (CR LF is folded to LF first). */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029]/u;
/** Bidirectional embeddings, overrides, isolates and marks. */
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/**
 * Characters that draw nothing: a text of only these (and spaces) is empty. The class lists
 * combining joiners and variation selectors one by one, on purpose.
 */
/* eslint-disable no-misleading-character-class */
const INVISIBLE =
  /[\s\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200D\u2060-\u2064\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;
/* eslint-enable no-misleading-character-class */

export type TextProblem = 'control' | 'bidi' | 'empty';

/** NFC, trimmed; CR LF and lone CR become LF when `multiline`. */
export function normalizeText(value: string, multiline = false): string {
  const nfc = value.normalize('NFC');
  return (multiline ? nfc.replace(/\r\n?/g, '\n') : nfc).trim();
}

/** What is wrong with an already normalised text, or null. */
export function textProblem(value: string, multiline = false): TextProblem | null {
  if ((multiline ? CONTROL_MULTILINE : CONTROL).test(value)) return 'control';
  if (BIDI.test(value)) return 'bidi';
  if (value.replace(INVISIBLE, '') === '') return 'empty';
  return null;
}

/** Removes what `textProblem` refuses, for text that is searched rather than stored. */
export function stripUnsafeText(value: string): string {
  return normalizeText(value)
    .replace(new RegExp(CONTROL.source, 'gu'), ' ')
    .replace(new RegExp(BIDI.source, 'gu'), '')
    .trim();
}

export interface TextFieldOptions {
  /** The field's name in messages, e.g. 'Display name'. */
  label: string;
  min?: number;
  max: number;
  multiline?: boolean;
}

/**
 * A stored text field: normalised, then checked. Length counts code points after normalising, so
 * the limit is what a person sees, not UTF-16 units.
 */
export function textFieldSchema({ label, min = 1, max, multiline = false }: TextFieldOptions) {
  return z
    .string({ message: `${label} is required` })
    .transform((value) => normalizeText(value, multiline))
    .superRefine((value, ctx) => {
      const problem = textProblem(value, multiline);
      const length = [...value].length;
      const message =
        problem === 'control'
          ? `${label} must not contain line breaks or control characters`
          : problem === 'bidi'
            ? `${label} must not contain text-direction control characters`
            : problem === 'empty'
              ? `${label} is required`
              : length < min
                ? `${label} must be at least ${min} characters`
                : length > max
                  ? `${label} must be at most ${max} characters`
                  : null;
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}

/**
 * The spec's input sanitiser (section 5): strips angle brackets, the `javascript:` scheme and
 * inline event-handler patterns (`onload=`). Applied until nothing changes, so that a pattern
 * hidden inside another ("javajavascript:script:") does not survive one pass.
 */
export function sanitizeInput(value: string): string {
  let current = value;
  for (;;) {
    const next = current
      .replace(/[<>]/g, '')
      .replace(/javascript\s*:/gi, '')
      .replace(/\bon[a-z]+\s*=/gi, '');
    if (next === current) return next;
    current = next;
  }
}
