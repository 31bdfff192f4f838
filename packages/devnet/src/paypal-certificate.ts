import { generateKeyPair, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A minimal DER writer, enough for one X.509 v3 certificate: each helper answers the encoded
 * type-length-value bytes (ITU-T X.690, definite lengths only).
 */
function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), derLength(body.length), body]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
const set = (...items: Buffer[]) => tlv(0x31, ...items);
const nullValue = () => Buffer.from([0x05, 0x00]);
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0x00]));
const octetString = (bytes: Buffer) => tlv(0x04, bytes);
/** A BIT STRING of whole bytes (no unused bits), as signatures and keys are. */
const bitString = (bytes: Buffer) => tlv(0x03, Buffer.from([0x00]), bytes);
const printableString = (text: string) => tlv(0x13, Buffer.from(text, 'ascii'));
const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
/** An explicit context-specific tag, [n] in ASN.1 (constructed). */
const explicit = (tagNumber: number, inner: Buffer) => tlv(0xa0 | tagNumber, inner);

/** A non-negative INTEGER from big-endian bytes: no redundant leading zeros, a zero before a high bit. */
function integer(bytes: Buffer): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start += 1;
  const trimmed = bytes.subarray(start);
  return tlv(0x02, (trimmed[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const arc of rest) {
    const groups = [arc % 128];
    for (let value = Math.floor(arc / 128); value > 0; value = Math.floor(value / 128)) {
      groups.unshift(0x80 | (value % 128));
    }
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime up to 2049 and GeneralizedTime from 2050, as RFC 5280 section 4.1.2.5 requires. */
function time(date: Date): Buffer {
  const iso = date.toISOString();
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '');
  const year = date.getUTCFullYear();
  return year < 2050
    ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`))
    : tlv(0x18, Buffer.from(`${digits}Z`));
}

const OID = {
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  countryName: '2.5.4.6',
  organizationName: '2.5.4.10',
  organizationalUnitName: '2.5.4.11',
  commonName: '2.5.4.3',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
};

export interface SigningCertificate {
  /** The certificate, PEM-encoded, as PayPal serves it at the `paypal-cert-url`. */
  pem: string;
  der: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

export interface CertificateSubject {
  commonName: string;
  organization: string;
  organizationalUnit?: string;
  country?: string;
}

function rsaKeyPair(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return new Promise((resolve, reject) => {
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, publicKey, privateKey) => {
      if (error) reject(error);
      else resolve({ publicKey, privateKey });
    });
  });
}

/**
 * Makes an RSA 2048 key and a self-signed X.509 v3 certificate for it (sha256WithRSAEncryption,
 * issuer = subject, valid from now for `validDays`), written by hand in DER with `node:crypto`
 * doing the key and the signature: no openssl binary and no dependency. It plays the certificate
 * PayPal publishes for webhook signatures (`SHA256withRSA`), which merchants download from the
 * `paypal-cert-url` header and verify each `paypal-transmission-sig` with.
 */
export async function createSigningCertificate(
  subject: CertificateSubject,
  { validDays = 365, now = new Date() }: { validDays?: number; now?: Date } = {},
): Promise<SigningCertificate> {
  const { publicKey, privateKey } = await rsaKeyPair();
  const attribute = (oid: string, value: Buffer) => set(sequence(objectIdentifier(oid), value));
  const name = sequence(
    attribute(OID.countryName, printableString(subject.country ?? 'US')),
    attribute(OID.organizationName, utf8String(subject.organization)),
    ...(subject.organizationalUnit
      ? [attribute(OID.organizationalUnitName, utf8String(subject.organizationalUnit))]
      : []),
    attribute(OID.commonName, utf8String(subject.commonName)),
  );
  const algorithm = sequence(objectIdentifier(OID.sha256WithRSAEncryption), nullValue());
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  const notBefore = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const notAfter = new Date(notBefore.getTime() + validDays * 24 * 60 * 60 * 1000);
  const extensions = sequence(
    // Basic constraints, critical: not a certificate authority (an empty SEQUENCE, cA defaults to false).
    sequence(objectIdentifier(OID.basicConstraints), boolean(true), octetString(sequence())),
    // Key usage, critical: digitalSignature only (bit 0; seven unused bits).
    sequence(
      objectIdentifier(OID.keyUsage),
      boolean(true),
      octetString(tlv(0x03, Buffer.from([0x07, 0x80]))),
    ),
  );
  const tbsCertificate = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    algorithm,
    name,
    sequence(time(notBefore), time(notAfter)),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, extensions),
  );
  const signature = sign('sha256', tbsCertificate, privateKey);
  const der = sequence(tbsCertificate, algorithm, bitString(signature));
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  const pem = `-----BEGIN CERTIFICATE-----\n${lines.join('\n')}\n-----END CERTIFICATE-----\n`;
  return { pem, der, privateKey, publicKey };
}
