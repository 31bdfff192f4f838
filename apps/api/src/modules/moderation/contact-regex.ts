// The small regex helpers the contact detector's parts build their patterns with: word bounds
// that know every script, a pattern from its source, an alternation of words, a gap of words.

// Lookarounds instead of \b: JavaScript's \b knows ASCII letters only, and messages are not.
export const B = String.raw`(?<![\p{L}\p{N}_])`;
export const E = String.raw`(?![\p{L}\p{N}_])`;
export const rx = (source: string, flags = 'gu') => new RegExp(source, flags);
export const any = (words: readonly string[]) => `(?:${words.join('|')})`;

/** Up to `n` words between two parts of a phrase ("pay me the rest in crypto directly"). */
export const gap = (n: number) => `(?:\\S+\\s+){0,${n}}?`;
