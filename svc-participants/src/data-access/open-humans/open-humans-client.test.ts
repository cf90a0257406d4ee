import { createOpenHumansStandin, loadConfig as loadStandinConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { authorizeOnOpenHumans } from '../../test-support/open-humans-browser';
import { OpenHumansClient, retryAfterOf } from './open-humans-client';

const base = { baseUrl: 'https://www.openhumans.org/', clientId: 'study client&x', clientSecret: 'secret-123' };

const request = { state: '0123456789abcdef0123456789abcdef', codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' };
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';

describe('OpenHumansClient.authorizeUrl', () => {
  it('names the client, response_type=code, the state and the S256 PKCE challenge on the platform authorize page', () => {
    expect(new OpenHumansClient(base).authorizeUrl(request)).toBe(
      'https://www.openhumans.org/direct-sharing/projects/oauth2/authorize/?client_id=study+client%26x&response_type=code' +
        `&state=${request.state}&code_challenge=${request.codeChallenge}&code_challenge_method=S256`,
    );
  });

  it('adds the redirect URI when one is configured', () => {
    const url = new URL(new OpenHumansClient({ ...base, redirectUri: 'http://127.0.0.1:8080/return' }).authorizeUrl(request));
    expect(url.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8080/return');
    expect(url.searchParams.get('response_type')).toBe('code');
  });
});

describe('OpenHumansClient.fresh', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  const client = new OpenHumansClient({ ...base, now: () => now });

  it('keeps tokens with more than a minute left without calling the platform', async () => {
    const tokens = { accessToken: 'a', refreshToken: 'r', expiresAt: new Date(now + 61_000) };
    await expect(client.fresh(tokens)).resolves.toEqual({ tokens, refreshed: false });
  });
});

describe('OpenHumansClient with a separate address for its own calls', () => {
  let standin: OpenHumansStandin;
  let standinUrl: string;

  beforeAll(async () => {
    standin = createOpenHumansStandin(loadStandinConfig({ PORT: '0', CLIENT_ID: 'study-client', CLIENT_SECRET: 'study-secret-123', REDIRECT_URI: 'http://127.0.0.1:8080/return' }));
    standinUrl = (await standin.start()).url;
  });

  afterAll(async () => {
    await standin?.stop();
  });

  it('sends browsers to baseUrl and makes its own token and member calls at apiBaseUrl', async () => {
    // As on a container network: browsers know one address, the service another.
    const client = new OpenHumansClient({ baseUrl: 'http://openhumans.invalid', apiBaseUrl: standinUrl, clientId: 'study-client', clientSecret: 'study-secret-123', redirectUri: 'http://127.0.0.1:8080/return' });
    expect(client.authorizeUrl(request)).toMatch(/^http:\/\/openhumans\.invalid\/direct-sharing\/projects\/oauth2\/authorize\/\?/);
    const { code, memberId } = await authorizeOnOpenHumans(client.authorizeUrl(request).replace('http://openhumans.invalid', standinUrl));
    const tokens = await client.exchangeCode(code, VERIFIER);
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect((await client.getMember(tokens.accessToken)).projectMemberId).toBe(memberId);
  });
});

describe('retryAfterOf', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it.each<[string | null, number]>([
    ['120', 120],
    ['0', 1],
    ['999999', 3600],
    ['Thu, 26 Nov 2026 12:01:30 GMT', 90],
    [null, 60],
    ['soon', 60],
  ])('reads %p as %d s', (header, seconds) => {
    expect(retryAfterOf(header, now)).toBe(seconds);
  });
});
