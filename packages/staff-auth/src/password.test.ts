import { hash } from '@node-rs/argon2';
import { hashPassword, needsRehash, PASSWORD_MIN_LENGTH, passwordProblem, verifyPassword, verifyWithoutAccount, WeakPasswordError } from './password';

const good = 'tangerine-Orbit-7-lantern';

describe('password policy', () => {
  it('refuses a password shorter than 12 characters', () => {
    expect(passwordProblem('Sh0rt-but-ok'.slice(0, PASSWORD_MIN_LENGTH - 1))).toMatch(/at least 12/);
    expect(passwordProblem('Sh0rt-but-ok')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    // Six emoji are twelve UTF-16 units but six characters.
    expect(passwordProblem('🦊🐙🦉🐝🦋🐢')).toMatch(/at least 12/);
  });

  it('refuses common passwords, whatever their case', () => {
    expect(passwordProblem('password1234')).toMatch(/most common/);
    expect(passwordProblem('Password1234')).toMatch(/most common/);
    expect(passwordProblem('QWERTY123456')).toMatch(/most common/);
  });

  it('refuses a long run of the same few characters', () => {
    expect(passwordProblem('aaaaaaaaaaaaaaaa')).not.toBeNull();
    expect(passwordProblem('abababababababab')).not.toBeNull();
  });

  it("refuses a password made of the account's e-mail or name", () => {
    expect(passwordProblem('jane.doe@example.org!', { email: 'jane.doe@example.org' })).toMatch(/e-mail/);
    expect(passwordProblem('xx-Jane.Doe-2026', { email: 'jane.doe@example.org' })).toMatch(/e-mail/);
    expect(passwordProblem('Marguerite-2026!', { name: 'Marguerite' })).toMatch(/name/);
    expect(passwordProblem('2026-Okonkwo-blue', { name: 'Ada Okonkwo' })).toMatch(/name/);
    expect(passwordProblem(good, { email: 'jane.doe@example.org', name: 'Jane Doe' })).toBeNull();
  });

  it('refuses an over-long password', () => {
    expect(passwordProblem('x1'.repeat(200))).toMatch(/at most/);
  });
});

describe('hashPassword and verifyPassword', () => {
  it('hashes with argon2id and the OWASP parameters, and verifies the password', async () => {
    const stored = await hashPassword(good);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain(good);
    await expect(verifyPassword(stored, good)).resolves.toBe(true);
    await expect(verifyPassword(stored, `${good}x`)).resolves.toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('salts each hash', async () => {
    const [a, b] = await Promise.all([hashPassword(good), hashPassword(good)]);
    expect(a).not.toBe(b);
  });

  it('refuses to hash a weak password', async () => {
    await expect(hashPassword('password1234')).rejects.toBeInstanceOf(WeakPasswordError);
  });

  it('verifies the same text typed in another Unicode composition', async () => {
    const composed = 'Crème-brûlée-au-café';
    const stored = await hashPassword(composed);
    await expect(verifyPassword(stored, composed.normalize('NFD'))).resolves.toBe(true);
  });

  it('asks to rehash a hash made with weaker parameters', async () => {
    const old = await hash(good, { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await expect(verifyPassword(old, good)).resolves.toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it('answers false for a sign-in naming no account', async () => {
    await expect(verifyWithoutAccount(good)).resolves.toBe(false);
  });
});
