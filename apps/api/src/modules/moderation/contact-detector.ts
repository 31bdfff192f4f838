import {
  findPhoneNumbersInText,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';

/**
 * The contact-info detector (issue 17 point 9): renters and vendors message each other on
 * CrimsonHost, and a message that swaps a phone number, an e-mail address or a chat handle, or
 * that asks to pay outside the site, is held before the other side sees it. A deal taken off the
 * platform leaves the renter without the deposit's protection and the marketplace without its
 * fee, so the people who write these messages disguise them: the detector reads a message the way
 * a person would, after undoing the usual disguises (look-alike letters, spaced-out letters, "at"
 * and "dot", digits spelled out), and then looks for contacts.
 *
 * Game-server talk is full of numbers that look like phone numbers (addresses and ports, versions,
 * seeds, workshop ids, prices, times) and of platform names that are not contacts ("my discord bot
 * plugin", "the steam server browser"). Those are masked or need a person in the sentence ("add
 * me on …", "my telegram is …", a handle) before they count. The rental's own connection details,
 * passed as `allowed`, are never read as contacts. The labelled corpus beside this file is the
 * truth it is measured against (test/moderation/contact-detector.test.ts).
 */

export const CONTACT_KINDS = ['phone', 'email', 'social_media'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export interface ContactMatch {
  kind: ContactKind;
  /** The span as it reads after normalisation (the original may be disguised). */
  text: string;
  /** E.164 for a phone, the address for an e-mail, `platform:handle` or the link otherwise. */
  normalised: string;
}

export interface ContactDetection {
  kinds: ContactKind[];
  matches: ContactMatch[];
  /** An attempt to take the deal or the payment off the platform. */
  solicitation: boolean;
  /** Held for a moderator: a contact was found or the message solicits. */
  hold: boolean;
}

export interface DetectOptions {
  /** The rental's own connection details (host, IP:port, `connect …` lines): never contacts. */
  allowed?: string[];
}

// Lookarounds instead of \b: JavaScript's \b knows ASCII letters only, and messages are not.
const B = String.raw`(?<![\p{L}\p{N}_])`;
const E = String.raw`(?![\p{L}\p{N}_])`;
const rx = (source: string, flags = 'gu') => new RegExp(source, flags);
const any = (words: readonly string[]) => `(?:${words.join('|')})`;

// ---------------------------------------------------------------------------------------------
// Normalisation

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
// Phone numbers

const DIGIT_WORDS: Record<string, string> = {
  zero: '0', oh: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7',
  eight: '8', nine: '9', cero: '0', uno: '1', dos: '2', tres: '3', cuatro: '4', cinco: '5',
  seis: '6', siete: '7', ocho: '8', nueve: '9', um: '1', dois: '2', quatro: '4', sete: '7',
  oito: '8', nove: '9', meia: '6', null: '0', eins: '1', zwei: '2', drei: '3', vier: '4',
  funf: '5', sechs: '6', sieben: '7', acht: '8', neun: '9', ноль: '0', нуль: '0', один: '1',
  два: '2', три: '3', четыре: '4', пять: '5', шесть: '6', семь: '7', восемь: '8', девять: '9',
}; // prettier-ignore
const REPEATS: Record<string, number> = { double: 2, triple: 3 };
const DIGIT_WORD = new RegExp(
  Object.keys(DIGIT_WORDS)
    .sort((a, b) => b.length - a.length)
    .join('|'),
  'gu',
);

/** "nine one seven, five five five …" → digits, only where seven or more digits result. */
function spellDigits(text: string): string {
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

const MASK = ' | ';
const CONTEXT_WORDS = [
  'seeds?', 'workshop', 'mods?', 'mod ids?', 'ids?', 'steamid\\d*', 'steam64', 'tickets?', 'order',
  'rental', 'invoice', 'collection', 'build', 'appid', '\\+?app_update', 'app id', 'hash', 'tx',
  'ports?', 'password', 'pass', 'version', 'ver', 'item', 'allocation', 'node', 'coords?',
  'coordinates', 'spawn', 'border', 'error', 'code', 'pid', 'uid',
]; // prettier-ignore
const UNITS = [
  '[kmgt]i?b', '[kmg]', 'ms', 'fps', 'hz', 'ticks?', '%', 'players?', 'slots?', 'mods?', 'coins?',
  'blocks?', 'views?', 'biomes?', 'jugadores', 'jogadores', 'minutes?', 'mins?', 'hours?', 'days?',
  'weeks?', 'usdt', 'usd', 'trx', 'eth', 'btc', 'eur', 'euros?', 'dollars?', 'bucks', '€', '\\$',
  'руб\\p{L}*',
]; // prettier-ignore

/**
 * What is not a phone number, masked before the search. Addresses and identifiers go first, while
 * the text still has them whole: host names, links, e-mail addresses, IP addresses with their
 * ports, hashes, wallet addresses.
 */
const DOTTED = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:\/\S*)?/g;
const ADDRESSES: RegExp[] = [
  /(?<![a-z])(?:[a-z]+:\/\/|www\.)\S+/g,
  /(?<![\w.+-])[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g,
  /\[[0-9a-f:]+\](?::\d+)?/g,
  /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?(?![\d.])/g,
  /\b0x[0-9a-f]+\b/g,
  /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g,
  /\bt[1-9a-z]{33}\b/g,
  /\bsteam_[0-5]:[01]:\d+/g,
];

/** Then the numbers a game-server conversation is full of, once letters for digits are read. */
const GAME_NUMBERS: RegExp[] = [
  /(?<!\d)\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]m)?/g,
  /(?<!\d)\d{4}-\d{1,2}-\d{1,2}(?!\d)/g,
  /(?<![\d.])\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?(?![\d])/g,
  /[$€£]\s*\d[\d.,]*/g,
  rx(`(?<![\\d.])\\d[\\d.,]*\\s*${any(UNITS)}(?![\\p{L}])`),
  rx(
    `${B}${any(CONTEXT_WORDS)}${E}[\\s:#=]*(?:(?:is|es|ist|at)\\s+)?[-+]?\\d+(?:(?:\\s*,\\s*|\\s+(?:and|y|e|und|и)\\s+|\\s+)[-+]?\\d+)*`,
  ),
  /\d{16,}/g,
];

/** A version is short; a phone written with dots ("917.555.0123") has nine digits or more. */
const VERSION = /(?<![\d.])(v?)\d+(?:\.\d+){1,3}(?:\.[a-z])?(?![\d])/g;
/** A port range: two close numbers, the second the larger ("27015-27020", not "91234-5678"). */
const RANGE = /(?<![\d-])(\d{4,5})\s*-\s*(\d{4,5})(?![\d-])/g;

function phoneView(text: string): string {
  let view = text;
  // A host name has a letter; a phone written "917.555.0123" has none and stays.
  view = view.replace(DOTTED, (dotted) => (/[a-z]/.test(dotted) ? MASK : dotted));
  for (const pattern of ADDRESSES) view = view.replace(pattern, MASK);
  // "917 555 O123", "9l7": letters standing in for digits inside a group of digits.
  view = view.replace(/(?<![\p{L}\p{N}])[\doli|]+(?![\p{L}\p{N}])/gu, (token) => {
    const digits = token.replace(/\D/g, '').length;
    return digits >= 2 && digits < token.length
      ? token.replace(/o/g, '0').replace(/[li|]/g, '1')
      : token;
  });
  // "3one2 5five5": digits and digit words run together, kept when the token is all digits.
  view = view.replace(/(?<![\p{L}\p{N}])(?=\p{L}*\d)[\p{L}\d]+/gu, (token) => {
    const spelled = token.replace(DIGIT_WORD, (word) => DIGIT_WORDS[word] ?? word);
    return /^\d+$/.test(spelled) ? spelled : token;
  });
  view = view.replace(/(?<![\p{L}\p{N}_])(?=[\p{L}_]*\d)(?=\d*[\p{L}_])[\p{L}\p{N}_]+/gu, MASK);
  for (const pattern of GAME_NUMBERS) view = view.replace(pattern, MASK);
  view = view.replace(VERSION, (version, v: string) =>
    v || version.replace(/\D/g, '').length <= 8 ? MASK : version,
  );
  view = view.replace(RANGE, (range, a: string, b: string) =>
    Number(b) > Number(a) && Number(b) - Number(a) < 1000 ? MASK : range,
  );
  view = spellDigits(view);
  view = view.replace(/(?<!\d)\d(?:[ .-]\d){6,}(?!\d)/g, (run) => run.replace(/[ .-]/g, ''));
  return view.replace(/(?<![\d+])00(?=\s?[1-9])/g, '+');
}

/**
 * Where a number without its country code is read from; a country whose numbers are written
 * nationally with a trunk prefix counts only when the prefix is there, so that "51381277" is
 * not a German number.
 */
const NATIONAL: Array<{ country: CountryCode; trunk?: string }> = [
  { country: 'US' },
  { country: 'GB', trunk: '0' },
  { country: 'DE', trunk: '0' },
  { country: 'FR', trunk: '0' },
  { country: 'ES' },
  { country: 'BR' },
  { country: 'RU', trunk: '8' },
  { country: 'PT' },
];

interface PhoneReading {
  startsAt: number;
  endsAt: number;
  e164: string;
  digits: number;
}

/**
 * Every reading of every number, international first, then each country's; where two overlap the
 * one that reads more of the digits wins ("(11) 91234-5678" is a Brazilian number, not the
 * Spanish 912 345 678 inside it), and the earlier reading on a tie.
 */
function findPhones(text: string): ContactMatch[] {
  const view = phoneView(text);
  const readings: PhoneReading[] = [];
  const read = (startsAt: number, endsAt: number, e164: string, trunk?: string) => {
    const span = view.slice(startsAt, endsAt);
    const digits = span.replace(/\D/g, '');
    if (digits.length < 8) return;
    if (!span.trimStart().startsWith('+') && trunk && !digits.startsWith(trunk)) return;
    readings.push({ startsAt, endsAt, e164, digits: digits.length });
  };
  for (const { number, startsAt, endsAt } of findPhoneNumbersInText(view)) {
    read(startsAt, endsAt, number.number);
  }
  // Written with its country code, a number of a possible length is a phone number even where
  // the numbering plan has not assigned it (UK's 07700 900…, made-up or new ranges).
  for (const match of view.matchAll(/\+\d[\d ().-]{7,}\d/g)) {
    const number = parsePhoneNumberFromString(match[0]);
    if (number?.isPossible()) read(match.index, match.index + match[0].length, number.number);
  }
  for (const { country, trunk } of NATIONAL) {
    for (const { number, startsAt, endsAt } of findPhoneNumbersInText(view, {
      defaultCountry: country,
    })) {
      read(startsAt, endsAt, number.number, trunk);
    }
  }
  const taken: PhoneReading[] = [];
  for (const reading of readings.toSorted((a, b) => b.digits - a.digits)) {
    if (!taken.some((t) => reading.startsAt < t.endsAt && reading.endsAt > t.startsAt)) {
      taken.push(reading);
    }
  }
  const found = new Map<string, ContactMatch>();
  for (const { startsAt, endsAt, e164 } of taken.toSorted((a, b) => a.startsAt - b.startsAt)) {
    const span = view.slice(startsAt, endsAt).trim();
    if (!found.has(e164)) found.set(e164, { kind: 'phone', text: span, normalised: e164 });
  }
  return [...found.values()];
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses

const TLDS = new Set(
  (
    'com net org info biz io me gg co uk us de es br ru fr it pt mx ar nl pl ua eu ca au in jp cn ' +
    'tv xyz dev app online site club pro ch at be se no dk fi cz sk hu ro gr tr cl pe uy kz by su ' +
    'ie nz za'
  ).split(' '),
);
const MAIL_PROVIDERS = new Set(
  (
    'gmail hotmail outlook yahoo proton protonmail icloud yandex gmx mail aol live uol bol web ' +
    'ukr rambler'
  ).split(' '),
);
/** Words before " at " that make it an English sentence, not an address ("is at github.com"). */
const NOT_MAILBOXES = new Set(
  (
    'is are was were be am me us him her them it you i we they he she look looking stay meet ' +
    'here there home back line server site one who what that this crashed down up'
  ).split(' '),
);

// Bounded (a label of 64, eight labels a side) so that a long message is read in linear time.
const LABEL = '[a-z0-9](?:[a-z0-9_%+-]{0,62}[a-z0-9])?';
const DOT = String.raw`(?:\.|\s+\.\s+|\s+(?:dot|punto|ponto|punkt|точка)\s+)`;
const AT = String.raw`(?:\s*@\s*|\s+(?:at|arroba|собака)\s+)`;
const EMAIL = rx(
  `${B}(?=((${LABEL}(?:${DOT}${LABEL}){0,8})(${AT})(${LABEL}(?:${DOT}${LABEL}){0,8}))${E})`,
);
/** "gmail: name"; only names that mean nothing else ("live: …" is a Skype id). */
const PROVIDER_LABEL = rx(
  `${B}(g-?mail|hotmail|outlook|yahoo|protonmail|icloud|yandex|gmx)\\s*(?::|=|-|is)\\s*([a-z][a-z0-9._]{2,})${E}`,
);

const labelsOf = (part: string) => part.split(rx(DOT)).map((label) => label.trim());

function findEmails(text: string): ContactMatch[] {
  const view = text
    .replace(/\s*[([{<]\s*(?:at|@|arroba|собака)\s*[)\]}>]\s*/gu, '@')
    .replace(/\s*[([{<]\s*(?:dot|\.|punto|ponto|punkt|точка)\s*[)\]}>]\s*/gu, '.');
  const found: ContactMatch[] = [];
  let end = 0;
  for (const match of view.matchAll(EMAIL)) {
    const [, span = '', local = '', at = '', domain = ''] = match;
    if (match.index < end) continue;
    const plain = at === '@' && !/\s/.test(span);
    const locals = labelsOf(local);
    const labels = labelsOf(domain);
    const tld = labels.at(-1) ?? '';
    const domainOk =
      labels.length === 1
        ? MAIL_PROVIDERS.has(tld)
        : (plain ? /^[a-z]{2,24}$/.test(tld) : TLDS.has(tld)) && /[a-z]/.test(labels[0] ?? '');
    if (!domainOk || NOT_MAILBOXES.has(locals.at(-1) ?? '') || !/[a-z]/.test(local)) continue;
    const address = `${locals.join('.')}@${labels.join('.')}${labels.length === 1 ? '.com' : ''}`;
    found.push({ kind: 'email', text: span.trim(), normalised: address });
    end = match.index + span.length;
  }
  for (const [span, provider = '', user = ''] of view.matchAll(PROVIDER_LABEL)) {
    found.push({
      kind: 'email',
      text: span,
      normalised: `${user}@${provider.replace('-', '')}.com`,
    });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Chat and social platforms

interface Platform {
  name: string;
  /** Names that mean the platform and nothing else. */
  names: string[];
  /** Names that are also words ("steam", "line"): after "add me on", or with a handle after. */
  weak?: string[];
  /** Slang that is a word first ("x", "disc"): only after "add me on …" and the like. */
  slang?: string[];
  /** Links to a person (a profile, an invite), not to the platform's other pages. */
  links: string[];
  /** Platforms one is messaged on by number ("whatsapp +44 …", "whatsapp me"). */
  messaging?: boolean;
}

const PLATFORMS: Platform[] = [
  { name: 'discord', names: ['discord', 'discordapp', 'дискорд\\p{L}*', 'дс'], weak: ['dc'],
    slang: ['disc'], messaging: true,
    links: ['discord\\.gg/', 'discord(?:app)?\\.com/(?:invite|users)/', 'discord\\.me/'] },
  { name: 'telegram', weak: ['tele'], messaging: true,
    names: ['telegram', 'telegramm', 'tlgrm', 'telega', 'телеграм\\p{L}*', 'телег\\p{L}*', 'tg', 'тг'],
    links: ['t\\.me/', 'telegram\\.(?:me|dog)/'] },
  { name: 'whatsapp', weak: ['wa', 'zap', 'zapzap', 'whats'], messaging: true,
    names: ['whatsapp', 'whats ?app', 'whatsap', 'watsapp', 'wpp', 'wsp', 'wasap', 'guasap',
      'вотсап\\p{L}*', 'ватсап\\p{L}*', 'вацап\\p{L}*'],
    links: ['wa\\.me/', '(?:chat|api)\\.whatsapp\\.com/'] },
  { name: 'instagram', names: ['instagram', 'insta', 'инстаграм\\p{L}*', 'инст\\p{L}*'],
    weak: ['ig'], links: ['instagram\\.com/', 'instagr\\.am/'] },
  { name: 'steam', names: [], weak: ['steam', 'стим\\p{L}*'],
    links: ['steamcommunity\\.com/(?:id|profiles)/', 's\\.team/p/'] },
  { name: 'facebook', names: ['facebook', 'фейсбук\\p{L}*'], weak: ['fb'],
    links: ['facebook\\.com/', 'fb\\.com/', 'fb\\.me/', 'm\\.me/'] },
  { name: 'twitter', names: ['twitter'], slang: ['x'], links: ['twitter\\.com/', 'x\\.com/'] },
  { name: 'snapchat', names: ['snapchat', 'snap'], links: ['snapchat\\.com/add/'],
    messaging: true },
  { name: 'skype', names: ['skype', 'скайп\\p{L}*'], links: ['join\\.skype\\.com/'],
    messaging: true },
  { name: 'signal', names: [], weak: ['signal'], links: ['signal\\.me/', 'signal\\.group/'],
    messaging: true },
  { name: 'wechat', names: ['wechat', 'weixin'], links: ['u\\.wechat\\.com/'], messaging: true },
  { name: 'line', names: [], weak: ['line'], links: ['line\\.me/'] },
  { name: 'tiktok', names: ['tiktok', 'тикток\\p{L}*'], links: ['tiktok\\.com/@'] },
  { name: 'vk', names: ['vk', 'вк', 'vkontakte', 'вконтакте'], links: ['vk\\.com/', 'vk\\.me/'] },
  { name: 'kik', names: ['kik'], links: ['kik\\.me/'], messaging: true },
  { name: 'viber', names: ['viber', 'вайбер\\p{L}*'], links: ['invite\\.viber\\.com/'],
    messaging: true },
  // Where players find each other; not in the list, and as good a way off the platform.
  { name: 'reddit', names: ['reddit'], links: ['reddit\\.com/u(?:ser)?/'] },
  { name: 'twitch', names: [], weak: ['twitch'], links: ['twitch\\.tv/'] },
  { name: 'xbox', names: ['xbox live', 'gamertag'], weak: ['xbox', 'xbl'], links: [] },
  { name: 'playstation', names: ['psn', 'playstation network'], links: [] },
  { name: 'battle.net', names: ['battle\\.?net', 'battletag'], links: [] },
  { name: 'epic', names: ['epic games'], slang: ['epic'], links: [] },
]; // prettier-ignore

const namesOf = (p: Platform) => [...p.names, ...(p.weak ?? []), ...(p.slang ?? [])];
const STRONG = any(PLATFORMS.flatMap((p) => p.names));
const WEAK = any(PLATFORMS.flatMap((p) => p.weak ?? []));
const NAMED = any(PLATFORMS.flatMap((p) => [...p.names, ...(p.weak ?? [])]));
const ANY_NAME = any(PLATFORMS.flatMap(namesOf));
const MESSAGING = any(
  PLATFORMS.filter((p) => p.messaging).flatMap((p) => [...p.names, ...(p.weak ?? [])]),
);
const HANDLE_WORDS = any([
  'id', 'name', 'username', 'user', 'handle', 'tag', 'nick', 'nickname', 'number', 'account',
  'profile', 'acc',
]); // prettier-ignore
const POSSESSIVE = any([
  'my', 'our', 'mi', 'mis', 'meu', 'minha', 'mein', 'meine', 'meinen', 'мой', 'моя', 'мои', 'наш',
  'наша', 'mon', 'ma', 'mio', 'mia',
]); // prettier-ignore
const SEPARATOR = '(?::|=|->|—|\\s-\\s)';
const SAYS = `(?:${SEPARATOR}|\\s(?:is|es|e|ist|est)\\s)`;
/** The words that may follow a handle that ends its clause ("my discord is craftking, add me"). */
const AFTER_HANDLE = any([
  'and', 'add', 'dm', 'pm', 'hmu', 'text', 'msg', 'message', 'if', 'or', 'for', 'on', 'there', 'y',
  'e', 'und', 'et',
]); // prettier-ignore
/**
 * After "my telegram": a separator, or "is" and then a handle or a number that ends the clause
 * ("my discord is craftking, add me"), not the rest of a sentence ("my discord is linked to …").
 */
const SAYS_HANDLE = `(?:\\s*${SEPARATOR}|\\s(?:is|es|e|ist|est)\\s+(?=@|\\+?\\d[\\d\\s().-]{6,}|[\\p{L}\\p{N}._#-]+(?:$|\\s*[,;.!?)]|\\s${AFTER_HANDLE}\\s)))`;
/** A user name as people write one: a letter in it, and not a word of the sentence. */
const HANDLE = '@?([\\p{L}\\p{N}][\\p{L}\\p{N}._:#-]*)';
const NOT_HANDLES = new Set(
  ('yes no not the a an and or but it is are was this that does do did dont doesnt can cant will ' +
    'please thanks ok okay down up here there same server plugin bot link mods mod map maps them ' +
    'stuff workshop store market well usual always new online offline active also available still ' +
    'only busy banned level playing').split(' '),
); // prettier-ignore
const isHandle = (handle: string) => /\p{L}/u.test(handle) && !NOT_HANDLES.has(handle);

/** Up to `n` words between two parts of a phrase ("pay me the rest in crypto directly"). */
const gap = (n: number) => `(?:\\S+\\s+){0,${n}}?`;

const INVITE = any([
  'add', 'hit', 'hmu', 'dm', 'pm', 'msg', 'message', 'text', 'txt', 'write', 'contact',
  'reach(?: out)?', 'get in touch', 'find', 'ping', 'call', 'follow', 'catch', 'friend', 'talk',
  'speak', 'chat',
]); // prettier-ignore
const PRONOUN = '\\s+(?:to\\s+|with\\s+)?(?:me|us)(?:\\s+up)?\\s*[:,-]?';
const PREPOSITION = any(['on', 'in', 'at', 'via', 'through', 'thru', 'over', 'by', 'using', '@']);
const INVITE_ES = any([
  'agregame', 'anademe', 'escribeme', 'escribime', 'hablame', 'llamame', 'contactame', 'buscame',
  'sigueme', 'mandame',
]); // prettier-ignore
const INVITE_PT = `(?:me\\s+${any(['chama', 'chame', 'add', 'adiciona', 'adicione', 'segue', 'siga', 'procura', 'liga'])}|fala\\s+comigo|chama)`;
const INVITE_RU = any([
  'пиши', 'напиши', 'напишите', 'пишите', 'добавь', 'добавьте', 'добавляйся', 'стучи', 'стучись',
  'звони', 'найди', 'ищи',
]); // prettier-ignore
const INVITE_DE = `${any(['schreib', 'adde', 'add', 'meld', 'kontaktier', 'find', 'folg'])}\\p{L}*`;
const INVITE_FR = `${any(['ajoute', 'ajoutez', 'ecris', 'ecrivez', 'contacte', 'contactez'])}[- ]moi`;
const INVITE_IT = any(['scrivimi', 'aggiungimi', 'contattami', 'chiamami', 'cercami']);
const I_AM = any(["i'?m", 'i am', 'soy', 'sou', 'ich bin', 'je suis', 'sono', 'я']);
const USER_NAME = '@?([\\p{L}\\p{N}_.]{3,})';

/** Someone offering themselves on a platform: "add me on …", in the languages we see most. */
const INVITATIONS = [
  `${INVITE}(?:${PRONOUN})?(?:\\s+up)?\\s+${PREPOSITION}\\s+(?:my\\s+|the\\s+)?${ANY_NAME}`,
  `${INVITE}${PRONOUN}\\s*${STRONG}`,
  `${INVITE_ES}\\s+(?:${any(['a', 'al', 'en', 'por', 'via'])}\\s+)?(?:el\\s+|la\\s+|mi\\s+)?${ANY_NAME}`,
  `${INVITE_PT}\\s+(?:${any(['no', 'na', 'pelo', 'pela', 'em', 'via'])}\\s+)?${ANY_NAME}`,
  `${INVITE_RU}(?:\\s+(?:мне|меня))?\\s+(?:в|на|во)\\s+${ANY_NAME}`,
  `${INVITE_DE}(?:\\s+(?:mir|mich|uns))?\\s+${any(['auf', 'bei', 'per', 'uber', 'in', 'via'])}\\s+${ANY_NAME}`,
  `${INVITE_FR}\\s+${any(['sur', 'par', 'via', 'en'])}\\s+${ANY_NAME}`,
  `${INVITE_IT}\\s+${any(['su', 'via', 'per', 'in'])}\\s+${ANY_NAME}`,
  `${MESSAGING}\\s+me`,
  `join\\s+(?:my|our)\\s+${NAMED}`,
  `(?:on|in)\\s+${ANY_NAME}\\s+as\\s+${USER_NAME}`,
  `add\\s+${USER_NAME}\\s+on\\s+${ANY_NAME}${E}(?!\\s+(?:workshop|store|market))`,
  `${POSSESSIVE}\\s+${STRONG}${E}\\s*(?:${HANDLE_WORDS}\\s*)?${SAYS_HANDLE}`,
  `${I_AM}\\s+${USER_NAME}\\s+${any(['on', 'in', 'at', 'en', 'no', 'na', 'auf', 'sur', 'su', 'в'])}\\s+${NAMED}${E}`,
  // A Skype id says where it lives: "live:name", "live:.cid.…".
  `(?<![\\w])live:\\.?(?:cid\\.)?[a-z0-9._-]{3,}`,
  `${MESSAGING}\\s*(?::|-|->)?\\s*\\+?\\d[\\d\\s().-]{6,}`,
].map((source) => rx(`${B}${source}`));

/** "my steam is …", "my tele: …": a name that is also a word counts with a handle after it. */
const WEAK_POSSESSIVE = rx(
  `${B}${POSSESSIVE}\\s+(${WEAK})${E}\\s*(?:${HANDLE_WORDS}\\s*)?${SAYS}\\s*${HANDLE}`,
);

const MOVE = any([
  'talk', 'chat', 'speak', 'continue', 'move', 'switch', 'discuss', 'deal', 'negotiate',
  'do (?:this|it|the rest)', 'take (?:this|it)', 'bring (?:this|it)', 'sort (?:this|it)(?: out)?',
  'handle (?:this|it)', 'arrange (?:this|it)', 'finish (?:this|it)',
]); // prettier-ignore
const MOVE_ES = any(['hablemos', 'hablamos', 'sigamos', 'seguimos', 'charlemos', 'hablar']);
const MOVE_PT = any(['conversar', 'falar', 'conversa', 'continuar']);
const MOVE_RU = any([
  'давай', 'давайте', 'го', 'пойдем', 'перейдем', 'обсудим', 'поговорим', 'спишемся', 'продолжим',
]); // prettier-ignore
const MOVE_FR_IT = any([
  'parlons', 'continuons', 'discutons', 'parliamo', 'continuiamo', 'sentiamoci',
]); // prettier-ignore

/** Moving the conversation to a platform ("let's talk on telegram"): a contact and a solicitation. */
const MOVES = [
  `${MOVE}\\p{L}*\\s+${gap(3)}${any(['on', 'to', 'in', 'via', 'over', 'through'])}\\s+(?:my\\s+)?${ANY_NAME}`,
  `${MOVE_ES}\\s+${gap(2)}(?:por|en|al)\\s+${ANY_NAME}`,
  `${MOVE_PT}\\s+${gap(2)}${any(['no', 'na', 'pelo', 'pela', 'em'])}\\s+${ANY_NAME}`,
  `${MOVE_RU}\\s+${gap(2)}(?:в|на)\\s+${ANY_NAME}`,
  `(?:lass|lasst)\\s+uns\\s+${gap(2)}${any(['auf', 'bei', 'per', 'uber', 'in'])}\\s+${ANY_NAME}`,
  `${MOVE_FR_IT}\\s+${gap(2)}${any(['sur', 'par', 'en', 'su', 'via', 'in'])}\\s+${ANY_NAME}`,
].map((source) => rx(`${B}${source}${E}`));

/** "telegram: @name", "wechat id: name", "line id name" (the last only with a word for an id). */
const LABELLED = [
  `(${NAMED})${E}(?:\\s*${HANDLE_WORDS})?\\s*(?:${SEPARATOR}|→)\\s*${HANDLE}`,
  `(${NAMED})${E}\\s*(?:id|username|handle|nick)(?:\\s+is)?\\s+${HANDLE}`,
].map((source) => rx(`${B}${source}`));
/** "telegram is the best way to reach me: name": a handle after "reach me:", a platform named. */
const REACH_ME = rx(
  `${B}(?:reach|contact|find|add|message|text|write|dm|pm)\\s+(?:to\\s+)?(?:me|us)\\s*:\\s*${HANDLE}`,
);
const BARE_HANDLE = rx(`${B}(${STRONG})\\s+([a-z][\\w.]*[_\\d.][\\w.]*)`);
const AT_HANDLE = /(?<![\p{L}\p{N}_.@])@([\p{L}\p{N}_][\p{L}\p{N}_.]{1,31})/gu;
const STRONG_WORD = rx(`${B}${STRONG}${E}`, 'u');
const DISCORD_TAG = rx(`${B}([\\p{L}\\p{N}_.]{2,32})#(\\d{4})${E}`);
const NOT_TAGS = new Set([
  'rental',
  'ticket',
  'order',
  'issue',
  'invoice',
  'server',
  'deposit',
  'payout',
  'listing',
]);
const LINKS = PLATFORMS.filter((p) => p.links.length > 0).map((p) =>
  rx(`(?<![\\w.-])(?:https?://)?(?:www\\.|m\\.|mobile\\.)?(?:${p.links.join('|')})[^\\s,;!?'")]+`),
);

const PLATFORM_NAMES = PLATFORMS.map((p) => ({
  name: p.name,
  pattern: rx(`${B}${any(namesOf(p))}${E}`, 'u'),
}));

/** Which platform a matched span names, for the match's `normalised` form. */
function platformOf(span: string): string {
  return PLATFORM_NAMES.find(({ pattern }) => pattern.test(span))?.name ?? 'chat';
}

function findSocial(text: string): { matches: ContactMatch[]; moves: boolean } {
  const matches: ContactMatch[] = [];
  const add = (span: string, normalised: string) =>
    matches.push({ kind: 'social_media', text: span.trim(), normalised });
  for (const pattern of LINKS) {
    for (const [link] of text.matchAll(pattern)) {
      add(link, link.replace(/^(?:https?:\/\/)?(?:www\.)?/, ''));
    }
  }
  for (const [span, name = '', tag = ''] of text.matchAll(DISCORD_TAG)) {
    if (!NOT_TAGS.has(name)) add(span, `discord:${name}#${tag}`);
  }
  for (const pattern of INVITATIONS) {
    for (const [span, handle] of text.matchAll(pattern)) {
      if (handle === undefined || isHandle(handle)) add(span, `${platformOf(span)}:invitation`);
    }
  }
  for (const pattern of [...LABELLED, WEAK_POSSESSIVE]) {
    for (const [span, platform = '', handle = ''] of text.matchAll(pattern)) {
      if (isHandle(handle)) add(span, `${platformOf(platform)}:${handle}`);
    }
  }
  const named = STRONG_WORD.exec(text)?.[0];
  for (const [span, handle = ''] of named ? text.matchAll(REACH_ME) : []) {
    if (isHandle(handle)) add(span, `${platformOf(named ?? '')}:${handle}`);
  }
  for (const [span, platform = '', handle = ''] of text.matchAll(BARE_HANDLE)) {
    add(span, `${platformOf(platform)}:${handle}`);
  }
  for (const match of text.matchAll(AT_HANDLE)) {
    const around = text.slice(Math.max(0, match.index - 30), match.index + match[0].length + 30);
    const nearby = STRONG_WORD.exec(around)?.[0];
    if (nearby) add(match[0], `${platformOf(nearby)}:${match[1] ?? ''}`);
  }
  let moves = false;
  for (const pattern of MOVES) {
    for (const [span] of text.matchAll(pattern)) {
      add(span, `${platformOf(span)}:invitation`);
      moves = true;
    }
  }
  return { matches, moves };
}

/** A wa.me link carries the phone number itself. */
function phonesInLinks(matches: ContactMatch[]): ContactMatch[] {
  return matches.flatMap(({ normalised }) => {
    const digits = /^wa\.me\/(\d{8,15})/.exec(normalised)?.[1];
    const found = digits ? findPhoneNumbersInText(`+${digits}`) : [];
    return found.map(({ number }) => ({
      kind: 'phone' as const,
      text: normalised,
      normalised: number.number,
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// Solicitation

const SITE = `(?:the\\s+|this\\s+)?${any(['site', 'platform', 'crimsonhost', 'marketplace', 'website'])}`;
/** Ways to pay that do not go through CrimsonHost. */
const RAILS = any([
  'paypal', 'venmo', 'cash ?app', 'zelle', 'revolut', 'skrill', 'western union', 'moneygram', 'iban',
  'bank transfer', 'wire transfer', 'pix', 'qiwi', 'bizum', 'mercado pago',
  'transferencia(?: bancaria)?', '\\p{L}*uberweisung', 'сбп', 'на карту', 'по номеру карты',
]); // prettier-ignore
/** Words that make a way to pay an offer ("paypal me", "venmo works", "manda um pix"). */
const RAIL_TRIGGERS = any([
  'pay\\p{L}*', 'pag\\p{L}*', 'paie\\p{L}*', 'send', 'transfer', 'works', 'fine', 'ok', 'me', 'my',
  'manda', 'mande', 'faz', 'faca', 'envia', 'passa', 'pra mim', 'para mim', 'переведи', 'скинь',
  'кинь', 'оплат\\p{L}*', 'zahl\\p{L}*', 'bezahl\\p{L}*', 'uberweis\\p{L}*', 'an mich',
]); // prettier-ignore
const OFF_SITE = 'off[- ]?(?:site|platform)';
const PRIVATELY = any([
  'directly', 'direct', 'privately', 'in private', 'on the side', 'personally', OFF_SITE,
  // "pay me outside", not "outside peak hours".
  `outside${E}(?!\\s+(?:of\\s+)?(?:the\\s+)?(?:peak|weekends?|hours|office|business|working|work|game|server))`,
]); // prettier-ignore
/** "pay directly from my balance" is paying on the site. */
const ON_SITE = `(?!\\s+${any(['from', 'with', 'through', 'via', 'using', 'on', 'in'])}\\s+(?:my\\s+|the\\s+|your\\s+)?${any(['balance', 'site', 'platform', 'crimsonhost', 'rent', 'account'])})`;
const MY_ACCOUNT = any([
  'wallet',
  'trc20',
  'erc20',
  'bep20',
  'binance',
  'paypal',
  'bank',
  'card',
  'crypto',
]);
/** "send USDT to my wallet" asks for a payment; "how do I send … to my wallet" does not. */
const NOT_ASKING = `(?<!${any(['i', 'we', 'do i', 'can i', 'should i', 'to', 'how to', 'where to'])}\\s)`;
const FEES = any(['fees?', 'commission', 'cut', 'site', 'platform', 'middleman', 'crimsonhost']);
const TALK = any([
  'talk',
  'chat',
  'continue',
  'message',
  'write',
  'contact',
  'text',
  'dm',
  'speak',
  'discuss',
  'move',
]);
const PAY_VERBS_ABROAD = any([
  'transf\\p{L}*', 'pag\\p{L}*', 'depos\\p{L}*', 'envi\\p{L}*', 'mand\\p{L}*', 'pas\\p{L}*',
  'zahl\\p{L}*', 'uberweis\\p{L}*', 'перевед\\p{L}*', 'переведи', 'скин\\p{L}*',
]); // prettier-ignore
const MY_ACCOUNT_ABROAD = `${any(['a', 'para', 'pra', 'на', 'auf', 'an'])}\\s+${any(['mi', 'minha', 'mein\\p{L}*', 'мою', 'мой'])}\\s+${any(['cuenta', 'conta', 'tarjeta', 'cartao', 'konto', 'karte', 'карту', 'счет', 'billetera', 'carteira', 'wallet'])}`;

const SOLICITATIONS = [
  `(?:pay|tip)(?:ing|s|ped)?\\s+${gap(5)}${PRIVATELY}${E}${ON_SITE}`,
  `(?:send|transfer|wire)\\s+${gap(4)}(?:directly|straight|privately)\\s+to\\s+(?:me|my)${E}`,
  `${NOT_ASKING}(?:send|transfer|wire|pay)\\s+${gap(4)}to\\s+my\\s+(?:own\\s+|personal\\s+)?${MY_ACCOUNT}${E}(?!.{0,20}(?:on|through) ${SITE})`,
  `${OFF_SITE}|outside\\s+(?:of\\s+)?${SITE}|without\\s+(?:the\\s+)?${FEES}`,
  `(?:skip|avoid|bypass|dodge)\\s+${gap(2)}${FEES}|save\\s+${gap(2)}(?:fees?|commission)|no\\s+(?:platform|site|crimsonhost)\\s+(?:fees?|commission)`,
  `${TALK}\\p{L}*\\s+${gap(3)}(?:somewhere else|elsewhere|privately|in private)`,
  `(?:don'?t|do not|no need to|never)\\s+pay\\s+(?:through|on|via|with|using|here)(?:\\s+${SITE})?`,
  `(?:accept|take|prefer)\\s+${gap(2)}(?:directly|privately|in private|outside|${OFF_SITE})`,
  `${PAY_VERBS_ABROAD}\\s+${gap(3)}${MY_ACCOUNT_ABROAD}`,
  `(?:private|side)\\s+(?:deal|arrangement|agreement|payment)|deal\\s+(?:directly|privately|in private)`,
  `(?:cheaper|better deal|better price)\\s+than\\s+(?:here|on\\s+${SITE})`,
  `(?:give|send|dm|pm|text)\\s+you\\s+my\\s+${any(['wallet', 'address', 'paypal', 'iban', 'card', 'trc20', 'erc20', 'details'])}`,
  `${RAIL_TRIGGERS}${E}.{0,25}${B}${RAILS}${E}|${B}${RAILS}${E}.{0,25}${B}${RAIL_TRIGGERS}${E}|paypal\\.me/`,
  // Spanish.
  `pag(?:a|ame|ar|ue|ueme|o)\\p{L}*\\s+${gap(2)}${any(['directamente', 'directo', 'por fuera', 'en privado', 'aparte'])}`,
  'fuera de la (?:pagina|plataforma|web)|sin comision',
  // Portuguese.
  `(?:paga|pague|pagar|pagamento)\\p{L}*\\s+${gap(2)}(?:direto|diretamente|por fora|no privado)`,
  'por fora|fora (?:do site|da plataforma)|sem (?:taxa|comissao)',
  // Russian.
  `(?:заплат|оплат|плат|перевед|скинь|кинь)\\p{L}*\\s+(?:\\p{L}+\\s+){0,2}?${any(['напрямую', 'на карту', 'мимо', 'без сайта', 'без комисси', 'в обход', 'лично'])}`,
  'мимо сайта|без комиссии|в обход (?:сайта|площадки)|минуя (?:сайт|площадку)',
  // German.
  `(?:zahl|bezahl|uberweis)\\p{L}*\\s+(?:\\p{L}+\\s+){0,2}?(?:direkt|privat|au(?:ss|ß)erhalb|bar)`,
  'au(?:ss|ß)erhalb (?:der|von) (?:plattform|seite|crimsonhost)|ohne (?:die )?(?:plattform|gebuhr\\p{L}*|provision)',
  // French and Italian.
  `(?:pai(?:e|ez)[- ]moi|payer|pagami|pagare)\\s+${gap(2)}(?:directement|direttamente)`,
  'en dehors (?:du site|de la plateforme)|hors (?:du site|de la plateforme)|sans (?:le site|la plateforme|commission)',
  'fuori dal(?:la)? (?:sito|piattaforma)|senza commissione',
].map((source) => rx(`${B}(?:${source})`, 'u'));

/** A better price offered beside a contact is an offer to deal there. */
const PRICE_ADVANTAGE = rx(
  `${B}${any([
    'cheaper', 'better (?:price|deal)', 'discount', 'lower price', 'barato', 'descuento', 'desconto',
    'mejor precio', 'melhor preco', 'дешевле', 'скидк\\p{L}*', 'billiger', 'gunstiger', 'rabatt',
    'moins cher',
  ])}${E}`, // prettier-ignore
  'u',
);

// ---------------------------------------------------------------------------------------------

export function detectContacts(text: string, options: DetectOptions = {}): ContactDetection {
  const normalised = normaliseMessage(text, options.allowed);
  const social = findSocial(normalised);
  const all = [
    ...findPhones(normalised),
    ...phonesInLinks(social.matches),
    ...findEmails(normalised),
    ...social.matches,
  ];
  const seen = new Set<string>();
  const matches = all.filter((match) => {
    const key = `${match.kind} ${match.normalised}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const kinds = CONTACT_KINDS.filter((kind) => matches.some((match) => match.kind === kind));
  const solicitation =
    social.moves ||
    SOLICITATIONS.some((pattern) => pattern.test(normalised)) ||
    (kinds.length > 0 && PRICE_ADVANTAGE.test(normalised));
  return { kinds, matches, solicitation, hold: kinds.length > 0 || solicitation };
}

const KIND_WORDS: Record<ContactKind, string> = {
  phone: 'a phone number',
  email: 'an e-mail address',
  social_media: 'a chat or social media account',
};

/**
 * Why a message is held, in words for the person who wrote it; null when it is not held.
 * It says what the message seemed to share, never the rule that matched, so that the sentence
 * helps an honest writer and teaches a dishonest one nothing.
 */
export function explainHold(detection: ContactDetection): string | null {
  if (!detection.hold) return null;
  const safety = 'For your safety, keep contact and payment on CrimsonHost.';
  if (detection.kinds.length === 0) {
    return `Your message looks like it asks to deal or pay outside CrimsonHost. ${safety}`;
  }
  const words = detection.kinds.map((kind) => KIND_WORDS[kind]);
  const list =
    words.length === 1 ? words[0] : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
  return `Your message looks like it shares ${list}. ${safety}`;
}
