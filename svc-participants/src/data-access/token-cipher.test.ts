import { randomBytes } from 'node:crypto';
import { parseEncryptionKey, SealedSecretError, TokenCipher } from './token-cipher';

const HEX_KEY = 'a1'.repeat(32);
const CONTEXT = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6:oh-access';

function flipFirstByte(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = (bytes[0] ?? 0) ^ 0x01;
  return bytes.toString('base64');
}

describe('parseEncryptionKey', () => {
  const key = randomBytes(32);

  it.each([
    ['64 hex characters', key.toString('hex')],
    ['upper-case hex', key.toString('hex').toUpperCase()],
    ['base64', key.toString('base64')],
    ['URL-safe base64 without padding', key.toString('base64url')],
  ])('reads %s', (_name, text) => {
    expect(parseEncryptionKey(text)?.equals(key)).toBe(true);
  });

  it.each([
    ['63 hex characters', key.toString('hex').slice(1)],
    ['16 bytes of base64', randomBytes(16).toString('base64')],
    ['48 bytes of base64', randomBytes(48).toString('base64')],
    ['a pass phrase', 'correct horse battery staple'],
    ['nothing', ''],
  ])('refuses %s', (_name, text) => {
    expect(parseEncryptionKey(text)).toBeUndefined();
  });
});

describe('TokenCipher', () => {
  const cipher = new TokenCipher(parseEncryptionKey(HEX_KEY)!);

  it('round-trips a token and never stores it in clear', () => {
    const sealed = cipher.seal('AbCdEf0123456789AbCdEf01234567', CONTEXT);
    expect(JSON.stringify(sealed)).not.toContain('AbCdEf0123456789');
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
    expect(cipher.open(sealed, CONTEXT)).toBe('AbCdEf0123456789AbCdEf01234567');
  });

  it('uses a fresh IV each time', () => {
    const a = cipher.seal('same token', CONTEXT);
    const b = cipher.seal('same token', CONTEXT);
    expect(a.iv).not.toBe(b.iv);
    expect(a.data).not.toBe(b.data);
  });

  it.each([
    ['an altered ciphertext', (s: ReturnType<TokenCipher['seal']>) => ({ ...s, data: flipFirstByte(s.data) })],
    ['an altered tag', (s: ReturnType<TokenCipher['seal']>) => ({ ...s, tag: flipFirstByte(s.tag) })],
    ['an altered IV', (s: ReturnType<TokenCipher['seal']>) => ({ ...s, iv: flipFirstByte(s.iv) })],
    ['a truncated tag', (s: ReturnType<TokenCipher['seal']>) => ({ ...s, tag: Buffer.from(s.tag, 'base64').subarray(0, 8).toString('base64') })],
  ])('detects %s', (_name, tamper) => {
    const sealed = cipher.seal('a token', CONTEXT);
    expect(() => cipher.open(tamper(sealed), CONTEXT)).toThrow(SealedSecretError);
  });

  it('does not open a value moved to another participant or field', () => {
    const sealed = cipher.seal('a token', CONTEXT);
    expect(() => cipher.open(sealed, CONTEXT.replace('oh-access', 'oh-refresh'))).toThrow(SealedSecretError);
    expect(() => cipher.open(sealed, `0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d:oh-access`)).toThrow(SealedSecretError);
  });

  it('does not open with another key', () => {
    const sealed = cipher.seal('a token', CONTEXT);
    expect(() => new TokenCipher(randomBytes(32)).open(sealed, CONTEXT)).toThrow(SealedSecretError);
  });

  it('refuses a key of the wrong size', () => {
    expect(() => new TokenCipher(randomBytes(16))).toThrow(/32 bytes/);
    expect(() => TokenCipher.fromConfig('short')).toThrow(/TOKEN_ENCRYPTION_KEY/);
  });
});
