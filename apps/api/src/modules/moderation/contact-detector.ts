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

import { findEmails } from './contact-emails';
import { findSocial } from './contact-handles';
import { CONTACT_KINDS, type ContactKind, type ContactMatch } from './contact-match';
import { normaliseMessage } from './contact-normalise';
import { findPhones, phonesInLinks } from './contact-phones';
import { PRICE_ADVANTAGE, SOLICITATIONS } from './contact-solicitation';

export { CONTACT_KINDS, normaliseMessage, type ContactKind, type ContactMatch };

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
