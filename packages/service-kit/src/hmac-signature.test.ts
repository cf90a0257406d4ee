import { createHmac } from 'node:crypto';
import { hmacSignature, isValidHmacSignature } from './hmac-signature';

const SECRET = 'hook-secret-for-tests';
// An Open Humans deauthorization notice (sha1) and a TypeFinder result (sha256), as they arrive.
const OPEN_HUMANS_BODY = Buffer.from('{"project_member_id":"12345678","erasure_requested":true,"timestamp":"2025-01-01T00:00:00.000Z"}');
const TYPEFINDER_BODY = Buffer.from('{"email":"a@b.org","typeCode":"INTJ"}');

describe.each([
  ['sha1', OPEN_HUMANS_BODY, 'sha256'],
  ['sha256', TYPEFINDER_BODY, 'sha1'],
] as const)('%s webhook signature', (algorithm, BODY, otherAlgorithm) => {
  const GOOD = `${algorithm}=${createHmac(algorithm, SECRET).update(BODY).digest('hex')}`;

  it(`is ${algorithm}=<hex HMAC of the raw body>`, () => {
    expect(hmacSignature(algorithm, BODY, SECRET)).toBe(GOOD);
    expect(hmacSignature(algorithm, BODY.toString('utf8'), SECRET)).toBe(GOOD);
  });

  it('accepts the signature of the exact bytes, in either letter case, with surrounding spaces', () => {
    expect(isValidHmacSignature(algorithm, GOOD, BODY, SECRET)).toBe(true);
    expect(isValidHmacSignature(algorithm, ` ${GOOD.toUpperCase().replace(`${algorithm.toUpperCase()}=`, `${algorithm}=`)} `, BODY, SECRET)).toBe(true);
  });

  it.each([
    ['a missing header', undefined, BODY],
    ['a missing body', GOOD, undefined],
    ['an empty header', '', BODY],
    ['no prefix', GOOD.slice(algorithm.length + 1), BODY],
    ['another algorithm named', GOOD.replace(`${algorithm}=`, `${otherAlgorithm}=`), BODY],
    ['the other algorithm', `${otherAlgorithm}=${createHmac(otherAlgorithm, SECRET).update(BODY).digest('hex')}`, BODY],
    ['a truncated digest', GOOD.slice(0, -2), BODY],
    ['a longer digest', `${GOOD}00`, BODY],
    ['non-hex digits', `${algorithm}=${'z'.repeat(GOOD.length - algorithm.length - 1)}`, BODY],
    ['one changed digit', GOOD.slice(0, -1) + (GOOD.endsWith('0') ? '1' : '0'), BODY],
    ['a body with one more space', GOOD, Buffer.from(BODY.toString('utf8').replace(':', ': '))],
    ['the signature under another secret', hmacSignature(algorithm, BODY, 'other-secret'), BODY],
  ])('refuses %s', (_name, header, body) => {
    expect(isValidHmacSignature(algorithm, header, body, SECRET)).toBe(false);
  });
});
