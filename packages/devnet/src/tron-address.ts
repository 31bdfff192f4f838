import { sha256 } from '@noble/hashes/sha2.js';
import { base58check } from '@scure/base';

// The TRON node's own address codec. It does not reuse the storefront's (apps/api
// modules/chains/addresses.ts) on purpose: a stand-in that shared the product's decoder would
// agree with the product's mistakes instead of exposing them.

const tronBase58 = base58check(sha256);

/** The 0x-prefixed 20-byte hex of a base58check TRON address (`T…`). */
export function tronToHex(address: string): string {
  const bytes = tronBase58.decode(address);
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw new Error(`Not a Tron address: ${address}`);
  return `0x${Buffer.from(bytes.slice(1)).toString('hex')}`;
}

/** The base58check TRON address of 20 bytes of hex, with or without 0x or the 41 prefix. */
export function hexToTron(hex: string): string {
  const clean = hex.replace(/^0x/, '').replace(/^41(?=[0-9a-fA-F]{40}$)/, '');
  if (!/^[0-9a-fA-F]{40}$/.test(clean)) throw new Error(`Not a 20-byte address: ${hex}`);
  return tronBase58.encode(Uint8Array.from([0x41, ...Buffer.from(clean, 'hex')]));
}
