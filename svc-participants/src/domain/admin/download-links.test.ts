import { DownloadLinkSigner } from './download-links';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const signer = DownloadLinkSigner.fromMasterKey('master-key-0123456789');

describe('signed download links', () => {
  it('accepts its own token for the resource within the minute', () => {
    const { token, claims } = signer.sign('stats', 'master-key', NOW, 60);
    expect(claims).toMatchObject({ resource: 'stats', exp: NOW.getTime() / 1000 + 60 });
    expect(signer.verify(token, 'stats', new Date(NOW.getTime() + 59_000))).toEqual({ valid: true, claims });
  });

  it('gives every link its own one-time id', () => {
    expect(signer.sign('stats', 'master-key', NOW, 60).claims.nonce).not.toBe(signer.sign('stats', 'master-key', NOW, 60).claims.nonce);
  });

  it('refuses an expired token', () => {
    const { token } = signer.sign('stats', 'master-key', NOW, 60);
    expect(signer.verify(token, 'stats', new Date(NOW.getTime() + 60_000))).toEqual({ valid: false, reason: 'expired' });
  });

  it('refuses a token signed with another master key', () => {
    const { token } = DownloadLinkSigner.fromMasterKey('another-master-key-01').sign('stats', 'master-key', NOW, 60);
    expect(signer.verify(token, 'stats', NOW)).toEqual({ valid: false, reason: 'bad-signature' });
  });

  it('refuses claims changed after signing (a later expiry)', () => {
    const { token } = signer.sign('stats', 'master-key', NOW, 60);
    const [body, signature] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { exp: number };
    const forged = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    expect(signer.verify(`${forged}.${signature}`, 'stats', NOW)).toEqual({ valid: false, reason: 'bad-signature' });
  });

  it.each([
    ['empty', ''],
    ['no signature', 'abc'],
    ['three parts', 'a.b.c'],
    ['not base64url', 'a b.c'],
    ['far too long', `${'a'.repeat(600)}.b`],
  ])('refuses a malformed token (%s)', (_case, token) => {
    expect(signer.verify(token, 'stats', NOW)).toEqual({ valid: false, reason: 'malformed' });
  });
});
