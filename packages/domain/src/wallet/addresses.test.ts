import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressFromSeed, base58Decode, base58Encode, isEvmAddress, isTonAddress, isTronAddress, isValidAddress } from './addresses';

describe('TRC20 (TRON base58check)', () => {
  it('accepts real addresses', () => {
    // The USDT contract and a well-known exchange hot wallet on TRON.
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toBe(true);
  });
  it('refuses a changed character, a wrong prefix or length', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('AR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t')).toBe(false);
  });
  it('base58 round-trips any bytes, keeping leading zeros', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(base58Decode(base58Encode(bytes))).toEqual(bytes);
      }),
    );
  });
});

describe('BEP20 / ERC20 (EIP-55)', () => {
  it('accepts the EIP-55 test vectors and single-case forms', () => {
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886e0f7030069857d2e4169ee7',
      '0xDE709F2102306220921060314715629080E2FB77',
    ]) {
      expect(isEvmAddress(address)).toBe(true);
    }
  });
  it('refuses a broken checksum, wrong length or non-hex', () => {
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false);
    expect(isEvmAddress('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toBe(false);
    expect(isEvmAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toBe(false);
    expect(isEvmAddress('0xZZZeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });
});

describe('TON', () => {
  it('accepts raw and user-friendly forms with a good CRC', () => {
    expect(isTonAddress('0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8')).toBe(true);
    expect(isTonAddress('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N')).toBe(true);
    expect(isTonAddress('UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI')).toBe(true);
  });
  it('refuses a changed character and garbage', () => {
    expect(isTonAddress('EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2O')).toBe(false);
    expect(isTonAddress('EQCD39VS5jcptHL8vMjEXrzGaRc')).toBe(false);
    expect(isTonAddress('1:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8')).toBe(false);
  });
});

describe('generated addresses', () => {
  it.each(['TRC20', 'BEP20', 'ERC20', 'TON'] as const)('%s addresses from any seed are valid', (network) => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (seed) => {
        expect(isValidAddress(network, addressFromSeed(network, seed))).toBe(true);
      }),
    );
  });
  it('an address of one network is not valid on another', () => {
    const seed = new Uint8Array(32).fill(7);
    expect(isValidAddress('TRC20', addressFromSeed('ERC20', seed))).toBe(false);
    expect(isValidAddress('TON', addressFromSeed('TRC20', seed))).toBe(false);
  });
});
