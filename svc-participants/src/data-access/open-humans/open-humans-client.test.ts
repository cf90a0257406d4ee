import { OpenHumansClient } from './open-humans-client';

const base = { baseUrl: 'https://www.openhumans.org/', clientId: 'study client&x', clientSecret: 'secret-123' };

describe('OpenHumansClient.authorizeUrl', () => {
  it('names the client and response_type=code on the platform authorize page', () => {
    expect(new OpenHumansClient(base).authorizeUrl()).toBe(
      'https://www.openhumans.org/direct-sharing/projects/oauth2/authorize/?client_id=study+client%26x&response_type=code',
    );
  });

  it('adds the redirect URI when one is configured', () => {
    const url = new URL(new OpenHumansClient({ ...base, redirectUri: 'http://127.0.0.1:8080/return' }).authorizeUrl());
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
