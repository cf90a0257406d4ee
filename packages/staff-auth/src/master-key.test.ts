import { randomBytes } from 'node:crypto';
import { checkMasterKeyStrength, masterKeyProblem, WeakMasterKeyError } from './master-key';

describe('checkMasterKeyStrength', () => {
  it('accepts keys made as the message says, and as the deployment tools make them (24 random bytes in hex)', () => {
    for (let i = 0; i < 1000; i += 1) {
      for (const key of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64url'), randomBytes(24).toString('hex'), randomBytes(16).toString('hex')]) {
        expect(masterKeyProblem(key)).toBeNull();
      }
    }
  });

  it('refuses a key shorter than 32 characters', () => {
    expect(masterKeyProblem(randomBytes(24).toString('base64url').slice(0, 31))).toMatch(/31 characters, at least 32/);
  });

  it('refuses a key that repeats one character or a short pattern', () => {
    expect(masterKeyProblem('a'.repeat(40))).toMatch(/repeats/);
    expect(masterKeyProblem('Xk9!'.repeat(10))).toMatch(/repeats/);
    expect(masterKeyProblem('Tr0ub4dor&3-Xk9!'.repeat(2))).toMatch(/repeats/);
    // A pattern that does not fit a whole number of times is still a repetition.
    expect(masterKeyProblem('s3cr3t-k3y!'.repeat(4).slice(0, 40))).toMatch(/repeats/);
  });

  it('refuses a key of too few different characters', () => {
    expect(masterKeyProblem('aabbaabababbbaaabbababbbabaaabababbbaab')).toMatch(/too few different/);
    expect(masterKeyProblem('0110100110010110100101100110100110010110')).toMatch(/too few different/);
  });

  it('refuses a run through the alphabet or the digits', () => {
    expect(masterKeyProblem('abcdefghijklmnopqrstuvwxyz0123456789')).toMatch(/alphabet/);
    expect(masterKeyProblem('ABCDEFGHIJKLMNOPQRSTUVWXYZ9876543210!')).toMatch(/alphabet/);
  });

  it('refuses spaces and characters outside printable ASCII', () => {
    expect(masterKeyProblem(`${randomBytes(24).toString('hex')} x`)).toMatch(/printable/);
    expect(masterKeyProblem(`${randomBytes(24).toString('hex')}é`)).toMatch(/printable/);
  });

  it('throws an error naming ADMIN_MASTER_KEY and how to make one', () => {
    for (const key of [undefined, '', 'short', 'a'.repeat(64)]) {
      expect(() => checkMasterKeyStrength(key)).toThrow(WeakMasterKeyError);
    }
    expect(() => checkMasterKeyStrength('short')).toThrow(/^ADMIN_MASTER_KEY is too weak: it has 5 characters.*openssl rand -hex 32.*randomBytes\(32\)\.toString\('base64url'\)/);
    expect(() => checkMasterKeyStrength(undefined)).toThrow(/ADMIN_MASTER_KEY is too weak: it is not set/);
    expect(() => checkMasterKeyStrength(randomBytes(32).toString('base64url'))).not.toThrow();
  });
});
