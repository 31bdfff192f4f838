import { HDKey } from '@scure/bip32';
import { base58check } from '@scure/base';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { getAddress } from 'viem';
import type { Network } from '@crimsonhost/shared/constants';

const tronBase58 = base58check(sha256);

/** The 20-byte account id of a secp256k1 public key (compressed or not): keccak256 of X‖Y. */
function accountBytes(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(-20);
}

/** EIP-55 checksummed Ethereum/BSC address of a public key. */
export function evmAddress(publicKey: Uint8Array): string {
  return getAddress(`0x${Buffer.from(accountBytes(publicKey)).toString('hex')}`);
}

/** Tron's base58check address: the same 20 bytes behind the 0x41 prefix. */
export function tronAddress(publicKey: Uint8Array): string {
  return tronBase58.encode(Uint8Array.from([0x41, ...accountBytes(publicKey)]));
}

export function tronToHex(address: string): string {
  const bytes = tronBase58.decode(address);
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw new Error(`Not a Tron address: ${address}`);
  return `0x${Buffer.from(bytes.slice(1)).toString('hex')}`;
}

export function hexToTron(hex: string): string {
  const clean = hex.replace(/^0x/, '').replace(/^41(?=[0-9a-fA-F]{40}$)/, '');
  if (!/^[0-9a-fA-F]{40}$/.test(clean)) throw new Error(`Not a 20-byte address: ${hex}`);
  return tronBase58.encode(Uint8Array.from([0x41, ...Buffer.from(clean, 'hex')]));
}

export function isTronAddress(address: string): boolean {
  try {
    tronToHex(address);
    return true;
  } catch {
    return false;
  }
}

/** The BIP44 coin type behind each network's account xpub: m/44'/coin'/0'. */
export const COIN_TYPES: Record<Network, number> = { TRC20: 195, ERC20: 60, BEP20: 60 };

/**
 * The derivation index space of each network. ERC20 and BEP20 derive from the same account key
 * (coin type 60) and make the same address from the same index, so they take their indexes from
 * one counter: an address is never handed to two deposits, on any network (decision 014).
 */
export const INDEX_SPACES: Record<Network, 'EVM' | 'TRON'> = {
  TRC20: 'TRON',
  ERC20: 'EVM',
  BEP20: 'EVM',
};

/**
 * The deposit address number `index` of a network: child 0/index of the operator's BIP44 account
 * extended public key (m/44'/195'/0' for Tron, m/44'/60'/0' for Ethereum and BSC). Only public
 * keys are involved.
 */
export function deriveDepositAddress(network: Network, accountXpub: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
    throw new RangeError(`Bad index ${index}`);
  const child = HDKey.fromExtendedKey(accountXpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('The extended key has no public key');
  return network === 'TRC20' ? tronAddress(child.publicKey) : evmAddress(child.publicKey);
}

/** Throws a readable error when a configured xpub cannot be used. */
export function assertAccountXpub(xpub: string): void {
  const key = HDKey.fromExtendedKey(xpub);
  if (key.privateKey) throw new Error('is a private key (xprv); give the account xpub instead');
  if (key.depth !== 3)
    throw new Error(
      `must be a BIP44 account key (depth 3, m/44'/coin'/0'), got depth ${key.depth}`,
    );
}
