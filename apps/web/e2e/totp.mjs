// The codes an authenticator app would show for a staff account's secret (RFC 6238: HMAC-SHA1,
// 30-second steps, 6 digits), written apart from the API's own so the test checks it.
import { createHmac } from 'node:crypto';
import { recall, remember } from './run-state.mjs';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(text) {
  let bits = 0;
  let value = 0;
  const out = [];
  for (const char of text.replace(/\s+/g, '').toUpperCase()) {
    value = (value << 5) | BASE32.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

function codeOfStep(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0xf;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, '0');
}

/**
 * Each secret's last step used, across the run's files (run-state.mjs): the API takes a code once,
 * so the next sign-in waits a step.
 */

/**
 * A code the API accepts now: this step's, or, when it was spent already, the next step's (the
 * API allows a phone clock 30 s ahead). When both are spent (three staff sign-ins of one account
 * within a step), it waits for the next step, as a person waits for the app's next code.
 */
export async function nextCode(secret) {
  for (;;) {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, (recall('totpSteps', secret) ?? -1) + 1);
    if (step <= now + 1) {
      remember('totpSteps', secret, step);
      return codeOfStep(secret, step);
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * 30_000 - Date.now() + 50));
  }
}
