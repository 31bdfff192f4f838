// Undoing the disguises before the detector reads a message: invisible characters, dashes,
// look-alike letters, leet platform names, spaced-out letters, the rental's own addresses masked
// (`normaliseMessage`), and digits written as words (`spellDigits`, for the phone view).

const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;
const DASHES = /[\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/g;

/** Cyrillic and Greek letters that pass for Latin ones, lower case (the text is lowered first). */
const HOMOGLYPHS: Record<string, string> = {
  а: 'a', е: 'e', о: 'o', р: 'p', с: 'c', х: 'x', у: 'y', і: 'i', ј: 'j', ѕ: 's', ԁ: 'd',
  һ: 'h', ӏ: 'l', к: 'k', м: 'm', т: 't', ԛ: 'q', ԝ: 'w', α: 'a', β: 'b', ε: 'e', η: 'n',
  ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', γ: 'y', ω: 'w',
}; // prettier-ignore

/** Digits and signs written for letters, only ever used to recognise a platform's name. */
const LEET: Record<string, string> = {
  a: 'a4@*', b: 'b8', e: 'e3*', g: 'g9', i: 'i1!|l*', l: 'l1|i', o: 'o0*', s: 's5$', t: 't7+',
  u: 'u*', z: 'z2',
}; // prettier-ignore
const LEET_NAMES = [
  'discord', 'telegram', 'whatsapp', 'instagram', 'insta', 'snapchat', 'facebook', 'twitter',
  'skype', 'signal', 'wechat', 'tiktok', 'viber', 'steam', 'gmail', 'hotmail', 'outlook', 'yahoo',
  'paypal',
]; // prettier-ignore
const LEET_PATTERNS = LEET_NAMES.map((name) => {
  const letters = [...name].map((c) => (LEET[c] ? `[${LEET[c].replace(/[|*$+]/g, '\\$&')}]` : c));
  return { name, pattern: new RegExp(`^${letters.join('')}$`) };
});

/** Only words with a Latin letter are folded: a Russian word stays Russian and stays readable. */
function foldHomoglyphs(text: string): string {
  return text.replace(/\S+/gu, (token) =>
    /[a-z]/.test(token) ? [...token].map((c) => HOMOGLYPHS[c] ?? c).join('') : token,
  );
}

/** "d i s c o r d", "t.e.l.e.g.r.a.m" → the word; pairs ("m e") only once the style is seen. */
function collapseSpacedLetters(text: string): string {
  const runs = /(?<![\p{L}\p{N}])\p{L}([ ._\-*·•])\p{L}(?:\1\p{L})+(?![\p{L}\p{N}])/gu;
  if (!runs.test(text)) return text;
  return text
    .replace(runs, (run) => run.replace(/[ ._\-*·•]/g, ''))
    .replace(/(?<![\p{L}\p{N}])\p{L} \p{L}(?![\p{L}\p{N}])/gu, (pair) => pair.replace(' ', ''));
}

function canonicalisePlatformNames(text: string): string {
  return text.replace(/[\p{L}\p{N}$|!*@]+/gu, (token) => {
    if (!/[^a-z]/.test(token) || !/[a-z].*[a-z]/.test(token)) return token;
    return LEET_PATTERNS.find(({ pattern }) => pattern.test(token))?.name ?? token;
  });
}

/** Addresses the message may name without it being a contact: the rental's, ours, steam://. */
function maskAllowed(text: string, allowed: readonly string[]): string {
  let masked = text
    .replace(/(?<![\w.+@-])(?:[\w.+-]+@)?(?:[a-z0-9-]+\.)*crimsonhost\.[a-z]{2,}(?:[:/]\S*)?/g, ' ')
    .replace(/steam:\/\/\S+/g, ' ');
  for (const entry of allowed) {
    const lowered = entry.normalize('NFKC').toLowerCase().trim();
    const parts = [lowered, ...lowered.split(/[\s,;]+/).filter((part) => /[\d.:]/.test(part))];
    for (const part of parts.filter((p) => p.length >= 4).sort((a, b) => b.length - a.length)) {
      masked = masked.split(part).join(' ');
    }
  }
  return masked;
}

/**
 * The message as the detector reads it: NFKC, lower case, without accents or invisible
 * characters, look-alike letters folded, spaced-out letters joined, platform names un-leeted.
 */
export function normaliseMessage(text: string, allowed: readonly string[] = []): string {
  const base = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .toLowerCase()
    .normalize('NFD')
    // Accents go from Latin and Greek letters only: a Russian й is a letter of its own.
    .replace(/(?<=[\p{Script=Latin}\p{Script=Greek}])\p{M}+/gu, '')
    .normalize('NFC')
    .replace(DASHES, '-');
  const folded = foldHomoglyphs(maskAllowed(base, allowed));
  return canonicalisePlatformNames(collapseSpacedLetters(folded)).replace(/\s+/g, ' ').trim();
}

// ---------------------------------------------------------------------------------------------
// Digits written as words

export const DIGIT_WORDS: Record<string, string> = {
  zero: '0', oh: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7',
  eight: '8', nine: '9', cero: '0', uno: '1', dos: '2', tres: '3', cuatro: '4', cinco: '5',
  seis: '6', siete: '7', ocho: '8', nueve: '9', um: '1', dois: '2', quatro: '4', sete: '7',
  oito: '8', nove: '9', meia: '6', null: '0', eins: '1', zwei: '2', drei: '3', vier: '4',
  funf: '5', sechs: '6', sieben: '7', acht: '8', neun: '9', ноль: '0', нуль: '0', один: '1',
  два: '2', три: '3', четыре: '4', пять: '5', шесть: '6', семь: '7', восемь: '8', девять: '9',
}; // prettier-ignore
const REPEATS: Record<string, number> = { double: 2, triple: 3 };
export const DIGIT_WORD = new RegExp(
  Object.keys(DIGIT_WORDS)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'gu',
);

/** "nine one seven, five five five …" → digits, only where seven or more digits result. */
export function spellDigits(text: string): string {
  const pieces = text.split(/([\s,.-]+)/);
  const out: string[] = [];
  let run: string[] = [];
  let digits = '';
  let spelled = false;
  let repeat = 1;
  const flush = () => {
    if (spelled && digits.length >= 7) out.push(digits, ' ');
    else out.push(...run);
    run = [];
    digits = '';
    spelled = false;
    repeat = 1;
  };
  for (const piece of pieces) {
    const isSeparator = /^[\s,.-]+$/.test(piece);
    if (isSeparator && run.length > 0) {
      run.push(piece);
      continue;
    }
    const word = DIGIT_WORDS[piece];
    if (word !== undefined || REPEATS[piece] !== undefined || /^\d+$/.test(piece)) {
      run.push(piece);
      if (REPEATS[piece] !== undefined) repeat = REPEATS[piece];
      else {
        digits += (word ?? piece).repeat(repeat);
        repeat = 1;
      }
      spelled ||= word !== undefined;
      continue;
    }
    flush();
    out.push(piece);
  }
  flush();
  return out.join('');
}
