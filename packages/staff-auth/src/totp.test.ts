import { Secret, URI } from 'otpauth';
import { createTotpEnrolment, totpCode, totpStep, verifyTotp } from './totp';

// RFC 6238 appendix B: the SHA-1 seed, and the last six digits of its eight-digit codes.
const rfcSecret = Secret.fromLatin1('12345678901234567890').base32;
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP', () => {
  it("gives RFC 6238's codes", () => {
    expect(totpCode(rfcSecret, at(59))).toBe('287082');
    expect(totpCode(rfcSecret, at(1111111109))).toBe('081804');
    expect(totpCode(rfcSecret, at(1234567890))).toBe('005924');
  });

  it('enrols with a fresh 160-bit secret and an otpauth URI an authenticator app reads', () => {
    const a = createTotpEnrolment({ issuer: 'Personality Study', accountName: 'jane@example.org' });
    const b = createTotpEnrolment({ issuer: 'Personality Study', accountName: 'jane@example.org' });
    expect(a.secret).not.toBe(b.secret);
    expect(Secret.fromBase32(a.secret).bytes).toHaveLength(20);
    const parsed = URI.parse(a.uri);
    expect(parsed).toMatchObject({ issuer: 'Personality Study', label: 'jane@example.org', digits: 6, period: 30, algorithm: 'SHA1' });
    expect(parsed.secret.base32).toBe(a.secret);
  });

  it('accepts the code of the step before, the step and the step after, and answers its step', () => {
    const now = at(1111111109);
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(rfcSecret, at(1111111109 + offset * 30));
      expect(verifyTotp({ secret: rfcSecret, code, lastUsedStep: null, now })).toEqual({ ok: true, step: step + offset });
    }
  });

  it('refuses a code two steps away, a wrong code and what is not six digits', () => {
    const now = at(1111111109);
    const check = (code: string) => verifyTotp({ secret: rfcSecret, code, lastUsedStep: null, now });
    expect(check(totpCode(rfcSecret, at(1111111109 - 60)))).toEqual({ ok: false, reason: 'invalid' });
    expect(check(totpCode(rfcSecret, at(1111111109 + 60)))).toEqual({ ok: false, reason: 'invalid' });
    expect(check('000000')).toEqual({ ok: false, reason: 'invalid' });
    expect(check('08180')).toEqual({ ok: false, reason: 'invalid' });
    expect(check('08180a')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('ignores spaces in what was typed', () => {
    expect(verifyTotp({ secret: rfcSecret, code: '081 804', lastUsedStep: null, now: at(1111111109) }).ok).toBe(true);
  });

  it('refuses a code already used, within its whole window', () => {
    const start = 1111111080; // the first second of a step
    const code = totpCode(rfcSecret, at(start));
    const first = verifyTotp({ secret: rfcSecret, code, lastUsedStep: null, now: at(start) });
    expect(first.ok).toBe(true);
    const lastUsedStep = first.ok ? first.step : null;
    // The same code later in its step, and in the next step (the code still in the window).
    expect(verifyTotp({ secret: rfcSecret, code, lastUsedStep, now: at(start + 29) })).toEqual({ ok: false, reason: 'replayed' });
    expect(verifyTotp({ secret: rfcSecret, code, lastUsedStep, now: at(start + 31) })).toEqual({ ok: false, reason: 'replayed' });
    // An older code still in the window is refused too; the next step's code signs in.
    expect(verifyTotp({ secret: rfcSecret, code: totpCode(rfcSecret, at(start - 30)), lastUsedStep, now: at(start) })).toEqual({ ok: false, reason: 'replayed' });
    expect(verifyTotp({ secret: rfcSecret, code: totpCode(rfcSecret, at(start + 30)), lastUsedStep, now: at(start + 30) })).toEqual({ ok: true, step: totpStep(at(start)) + 1 });
  });
});
