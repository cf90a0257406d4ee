import { createHmac } from 'node:crypto';
import { AppError } from '@study/service-kit';
import { checkAdminKey, isMasterKey } from './admin-key';
import { isValidTypeFinderSignature, typeFinderSignature } from './typefinder-signature';

const SECRET = 'typefinder-secret-for-tests';
const BODY = Buffer.from('{"email":"a@b.org","typeCode":"INTJ"}');
const GOOD = `sha256=${createHmac('sha256', SECRET).update(BODY).digest('hex')}`;

describe('X-TypeFinder-Signature', () => {
  it('is sha256=<hex HMAC-SHA256 of the raw body>', () => {
    expect(typeFinderSignature(BODY, SECRET)).toBe(GOOD);
  });

  it.each([
    ['the right signature', GOOD, BODY, true],
    ['upper-case hex and spaces around', `  ${GOOD.toUpperCase().replace('SHA256=', 'sha256=')} `, BODY, true],
    ['another body', GOOD, Buffer.from('{"email":"a@b.org","typeCode":"ENFP"}'), false],
    ['another secret', typeFinderSignature(BODY, 'another-secret-value'), BODY, false],
    ['sha1', `sha1=${createHmac('sha1', SECRET).update(BODY).digest('hex')}`, BODY, false],
    ['no prefix', GOOD.slice('sha256='.length), BODY, false],
    ['a short digest', GOOD.slice(0, -2), BODY, false],
    ['no header', undefined, BODY, false],
    ['no body', GOOD, undefined, false],
  ])('%s -> %s', (_case, header, body, valid) => {
    expect(isValidTypeFinderSignature(header, body, SECRET)).toBe(valid);
  });
});

describe('the admin master key', () => {
  const KEY = 'master-key-0123456789';

  it('matches only the exact key', () => {
    expect(isMasterKey(KEY, KEY)).toBe(true);
    expect(isMasterKey(`${KEY} `, KEY)).toBe(false);
    expect(isMasterKey(KEY.slice(0, -1), KEY)).toBe(false);
    expect(isMasterKey('', KEY)).toBe(false);
  });

  it.each([
    [undefined, 401, 'ADMIN_KEY_REQUIRED'],
    ['', 401, 'ADMIN_KEY_REQUIRED'],
    ['wrong-key-0123456789', 403, 'ADMIN_KEY_INVALID'],
  ])('%j -> %d %s', (given, status, code) => {
    let caught: unknown;
    try {
      checkAdminKey(given, KEY);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ status, code });
  });

  it('lets the right key through', () => {
    expect(() => checkAdminKey(KEY, KEY)).not.toThrow();
  });
});
