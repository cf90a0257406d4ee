import { createHmac } from 'node:crypto';
import { isValidWebhookSignature, webhookSignature } from './webhook-signature';

const SECRET = 'hook-secret';
const BODY = Buffer.from('{"project_member_id":"12345678","erasure_requested":true,"timestamp":"2025-01-01T00:00:00.000Z"}');
const GOOD = `sha1=${createHmac('sha1', SECRET).update(BODY).digest('hex')}`;

describe('webhook signature', () => {
  it('is sha1=<hex HMAC-SHA1 of the raw body>', () => {
    expect(webhookSignature(BODY, SECRET)).toBe(GOOD);
    expect(webhookSignature(BODY.toString('utf8'), SECRET)).toBe(GOOD);
  });

  it('accepts the signature of the exact bytes, in either letter case, with surrounding spaces', () => {
    expect(isValidWebhookSignature(GOOD, BODY, SECRET)).toBe(true);
    expect(isValidWebhookSignature(` ${GOOD.toUpperCase().replace('SHA1=', 'sha1=')} `, BODY, SECRET)).toBe(true);
  });

  it.each([
    ['a missing header', undefined, BODY],
    ['a missing body', GOOD, undefined],
    ['an empty header', '', BODY],
    ['no sha1= prefix', GOOD.slice(5), BODY],
    ['another algorithm', GOOD.replace('sha1=', 'sha256='), BODY],
    ['a truncated digest', GOOD.slice(0, -2), BODY],
    ['a longer digest', `${GOOD}00`, BODY],
    ['non-hex digits', `sha1=${'z'.repeat(40)}`, BODY],
    ['one changed digit', GOOD.slice(0, -1) + (GOOD.endsWith('0') ? '1' : '0'), BODY],
    ['a body with one more space', GOOD, Buffer.from(BODY.toString('utf8').replace(':', ': '))],
    ['the signature under another secret', webhookSignature(BODY, 'other-secret'), BODY],
  ])('refuses %s', (_name, header, body) => {
    expect(isValidWebhookSignature(header, body, SECRET)).toBe(false);
  });
});
