// E-mail addresses, as written and with "at" and "dot" spelled out in the languages we see, and
// a mail provider's name given as a label ("gmail: name").

import type { ContactMatch } from './contact-match';
import { B, E, rx } from './contact-regex';

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

export function findEmails(text: string): ContactMatch[] {
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
