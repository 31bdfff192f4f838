import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { describe, expect, it } from 'vitest';
import {
  assertAccountXpub,
  deriveDepositAddress,
  evmAddress,
  hexToTron,
  tronAddress,
  tronToHex,
} from './addresses';

const hex = (value: string) => Uint8Array.from(Buffer.from(value.replace(/^0x/, ''), 'hex'));

describe('BIP32 public derivation (BIP-0032 test vector 1)', () => {
  it('derives m/0H/1/2H/2 from the xpub of m/0H/1/2H without any private key', () => {
    const parent = HDKey.fromExtendedKey(
      'xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5',
    );
    expect(parent.deriveChild(2).publicExtendedKey).toBe(
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    );
  });
});

describe('addresses of public keys', () => {
  it('turns a compressed public key into the published Ethereum address', () => {
    expect(
      evmAddress(hex('036ac7244d43935b77ea0c1b1a5566dfe4c92a5134c171067d9cdbe68d93acc44d')),
    ).toBe('0xAf5CBF39d271197b1453aD839876De9e54dBc4Ef');
  });

  it('turns a compressed public key into the published Tron address', () => {
    expect(
      tronAddress(hex('03b1b154336d542401492ea0d85966acb330e920474f357a5131097a18f30fa5df')),
    ).toBe('TKP2mZrYNKdrXJi38vxQsAykfo1YoWjxpR');
    expect(
      tronAddress(hex('03f22bcc3a4d7ee317766477f17094712cb740a1393be99648670aef7d00bd6b42')),
    ).toBe('TEj3nZiTniYrQQPDmjMuTF58cgJ2x2AT3P');
  });

  it('converts between Tron base58 and hex and refuses a broken checksum', () => {
    const address = 'TKP2mZrYNKdrXJi38vxQsAykfo1YoWjxpR';
    expect(hexToTron(tronToHex(address))).toBe(address);
    expect(() => tronToHex('TKP2mZrYNKdrXJi38vxQsAykfo1YoWjxpS')).toThrow();
  });
});

describe('deposit addresses from an account xpub (BIP44)', () => {
  const seed = mnemonicToSeedSync(
    'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
  );
  const root = HDKey.fromMasterSeed(seed);
  const accountXpub = (coin: number) => root.derive(`m/44'/${coin}'/0'`).publicExtendedKey;

  it("gives the well-known first Ethereum address of the 'abandon … about' wallet for ERC20 and BEP20", () => {
    const xpub = accountXpub(60);
    expect(deriveDepositAddress('ERC20', xpub, 0)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(deriveDepositAddress('BEP20', xpub, 0)).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
  });

  it("matches the private-key path m/44'/195'/0'/0/i for Tron, for several indexes", () => {
    const xpub = accountXpub(195);
    for (const index of [0, 1, 7, 1000]) {
      const fromPrivate = root.derive(`m/44'/195'/0'/0/${index}`);
      expect(deriveDepositAddress('TRC20', xpub, index)).toBe(tronAddress(fromPrivate.publicKey!));
      expect(deriveDepositAddress('TRC20', xpub, index)).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    }
  });

  it('gives a different address for every index', () => {
    const xpub = accountXpub(60);
    const addresses = new Set(
      Array.from({ length: 200 }, (_, i) => deriveDepositAddress('ERC20', xpub, i)),
    );
    expect(addresses.size).toBe(200);
  });

  it('accepts an account xpub and refuses a private key or a key at the wrong depth', () => {
    expect(() => assertAccountXpub(accountXpub(60))).not.toThrow();
    expect(() => assertAccountXpub(root.derive(`m/44'/60'/0'`).privateExtendedKey)).toThrow(
      /private key/,
    );
    expect(() => assertAccountXpub(root.derive(`m/44'/60'`).publicExtendedKey)).toThrow(/depth 3/);
  });
});
