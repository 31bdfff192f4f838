// Phone numbers: the phone view of a message (addresses, game numbers, versions and port ranges
// masked, digits written as words read) and the numbers libphonenumber-js finds in it, and the
// numbers carried in wa.me links.

import {
  findPhoneNumbersInText,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';
import type { ContactMatch } from './contact-match';
import { DIGIT_WORD, DIGIT_WORDS, spellDigits } from './contact-normalise';
import { any, B, E, rx } from './contact-regex';

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
export function findPhones(text: string): ContactMatch[] {
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

/** A wa.me link carries the phone number itself. */
export function phonesInLinks(matches: ContactMatch[]): ContactMatch[] {
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
