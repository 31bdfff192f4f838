// What the contact detector finds: the kinds of contact and one match of a kind.

export const CONTACT_KINDS = ['phone', 'email', 'social_media'] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

export interface ContactMatch {
  kind: ContactKind;
  /** The span as it reads after normalisation (the original may be disguised). */
  text: string;
  /** E.164 for a phone, the address for an e-mail, `platform:handle` or the link otherwise. */
  normalised: string;
}
