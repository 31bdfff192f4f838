import { X509Certificate, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { PAYPAL_API_URLS } from './paypal-client';

/** The headers PayPal signs a webhook delivery with. */
export interface PayPalTransmission {
  id: string;
  time: string;
  signature: string;
  certUrl: string;
  authAlgo: string;
}

/** The transmission headers of a delivery, or null when one is missing. */
export function readTransmission(
  headers: Record<string, string | string[] | undefined>,
): PayPalTransmission | null {
  const one = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const id = one('paypal-transmission-id');
  const time = one('paypal-transmission-time');
  const signature = one('paypal-transmission-sig');
  const certUrl = one('paypal-cert-url');
  const authAlgo = one('paypal-auth-algo');
  if (!id || !time || !signature || !certUrl || !authAlgo) return null;
  return { id, time, signature, certUrl, authAlgo };
}

/**
 * The hosts a signing certificate may come from: PayPal's own for the environment (its API hosts,
 * over HTTPS), or the host of a configured API URL (the sandbox through a proxy, the demo's
 * stand-in), and nothing else, so a forged event cannot bring its own certificate.
 */
export function certificateHosts(
  environment: keyof typeof PAYPAL_API_URLS,
  apiUrl?: string,
): Array<{ host: string; https: boolean }> {
  if (apiUrl) {
    const url = new URL(apiUrl);
    return [{ host: url.host, https: url.protocol === 'https:' }];
  }
  const hosts =
    environment === 'live'
      ? ['api.paypal.com', 'api-m.paypal.com']
      : ['api.sandbox.paypal.com', 'api-m.sandbox.paypal.com'];
  return hosts.map((host) => ({ host, https: true }));
}

export type VerificationResult = { ok: true } | { ok: false; reason: string };

export interface PayPalWebhookVerifierOptions {
  webhookId: string;
  hosts: Array<{ host: string; https: boolean }>;
  /** How old a transmission may be; PayPal retries a delivery for up to three days. */
  maxAgeMs?: number;
  timeoutMs?: number;
  now?: () => Date;
}

const THREE_DAYS_MS = 3 * 24 * 3_600_000;
/** A transmission dated this far ahead of our clock is still taken (clocks drift). */
const FUTURE_SKEW_MS = 5 * 60_000;
const MAX_CACHED_CERTIFICATES = 20;

/**
 * Checks a webhook delivery as PayPal documents for verifying a signature yourself: the signed
 * string is `<transmission id>|<transmission time>|<webhook id>|<CRC32 of the raw body>`, signed
 * SHA256withRSA by the certificate at `paypal-cert-url`. The certificate is fetched only from
 * PayPal's hosts (`certificateHosts`), kept while it is valid, and the body is read as bytes: a
 * parsed and re-serialised event would not match. Nothing of the event is read before this passes.
 */
export class PayPalWebhookVerifier {
  private readonly certificates = new Map<string, X509Certificate>();
  private readonly now: () => Date;

  constructor(private readonly options: PayPalWebhookVerifierOptions) {
    this.now = options.now ?? (() => new Date());
  }

  async verify(transmission: PayPalTransmission | null, body: Buffer): Promise<VerificationResult> {
    if (!transmission) return { ok: false, reason: 'a PayPal transmission header is missing' };
    if (transmission.authAlgo !== 'SHA256withRSA') {
      return { ok: false, reason: `unknown signing algorithm ${transmission.authAlgo}` };
    }
    const sentAt = Date.parse(transmission.time);
    const age = this.now().getTime() - sentAt;
    if (
      Number.isNaN(sentAt) ||
      age > (this.options.maxAgeMs ?? THREE_DAYS_MS) ||
      age < -FUTURE_SKEW_MS
    ) {
      return { ok: false, reason: 'the transmission time is missing or out of range' };
    }
    const certificate = await this.certificate(transmission.certUrl);
    if (!certificate.ok) return certificate;
    const signed = `${transmission.id}|${transmission.time}|${this.options.webhookId}|${crc32(body)}`;
    const valid = verify(
      'sha256',
      Buffer.from(signed),
      certificate.value.publicKey,
      Buffer.from(transmission.signature, 'base64'),
    );
    return valid ? { ok: true } : { ok: false, reason: 'the signature does not match' };
  }

  private async certificate(
    certUrl: string,
  ): Promise<{ ok: true; value: X509Certificate } | { ok: false; reason: string }> {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      return { ok: false, reason: 'the certificate URL is not a URL' };
    }
    const allowed = this.options.hosts.find((entry) => entry.host === url.host);
    if (!allowed || (allowed.https && url.protocol !== 'https:')) {
      return { ok: false, reason: `certificates are not taken from ${url.origin}` };
    }
    const now = this.now();
    const cached = this.certificates.get(url.href);
    if (cached && Date.parse(cached.validTo) > now.getTime()) return { ok: true, value: cached };

    const response = await fetch(url, {
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    if (!response.ok) return { ok: false, reason: `the certificate answered ${response.status}` };
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(await response.text());
    } catch {
      return { ok: false, reason: 'the certificate cannot be read' };
    }
    if (
      Date.parse(certificate.validFrom) > now.getTime() ||
      Date.parse(certificate.validTo) <= now.getTime()
    ) {
      return { ok: false, reason: 'the certificate is not valid now' };
    }
    if (this.certificates.size >= MAX_CACHED_CERTIFICATES) this.certificates.clear();
    this.certificates.set(url.href, certificate);
    return { ok: true, value: certificate };
  }
}
