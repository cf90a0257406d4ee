import { randomInt } from 'node:crypto';
import type { StandinStore, StoredAccessToken, StoredMember } from '../state/store';
import { verifierMatches, type CodeChallenge } from './pkce';

/** Authorization codes live 30 minutes (domain.md section 7). */
export const CODE_TTL_MS = 30 * 60 * 1000;
export const TOKEN_SCOPE = 'read write';

const TOKEN_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 30-character alphanumeric token, the shape the platform's OAuth2 server hands out. */
export function generateToken(length = 30): string {
  let out = '';
  for (let i = 0; i < length; i++) out += TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)];
  return out;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  scope: string;
}

/** An OAuth2 error as RFC 6749 section 5.2 names it. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type',
    /** oauthlib leaves it out for some errors (invalid_client, unsupported_grant_type). */
    readonly description?: string,
  ) {
    super(description ?? error);
  }
}

export class Grants {
  constructor(
    private readonly store: StandinStore,
    private readonly tokenTtlSeconds: number,
    private readonly now: () => number,
  ) {}

  issueCode(projectMemberId: string, redirectUri: string | null, challenge: CodeChallenge | null = null): string {
    const code = generateToken();
    this.store.codes.set(code, {
      code,
      projectMemberId,
      redirectUri,
      expiresAt: this.now() + CODE_TTL_MS,
      used: false,
      codeChallenge: challenge?.challenge ?? null,
      codeChallengeMethod: challenge?.method ?? null,
    });
    this.store.save();
    return code;
  }

  /**
   * Redeems a code once. A redirect_uri on the token request must be the one the code was issued
   * for (MismatchingRedirectURIError, invalid_request); a missing one counts as the registered URI.
   * A code issued for a PKCE challenge needs the matching code_verifier; for one issued without,
   * a verifier is ignored (the platform does not require PKCE).
   */
  exchangeCode(code: string, redirectUri: string | undefined, registeredRedirectUri: string, codeVerifier?: string): TokenResponse {
    const stored = this.store.codes.get(code);
    if (!stored) throw new OAuthError(400, 'invalid_grant', 'Unknown authorization code.');
    if (stored.used) throw new OAuthError(400, 'invalid_grant', 'Authorization code has already been used.');
    if (stored.expiresAt <= this.now()) throw new OAuthError(400, 'invalid_grant', 'Authorization code has expired.');
    // Checked before redirect_uri, in oauthlib's order; and before the code is marked used: oauthlib
    // spends a code only once every check passed, so a client may retry with the right verifier.
    if (stored.codeChallenge) {
      if (codeVerifier === undefined) throw new OAuthError(400, 'invalid_request', 'Code verifier required.');
      if (!stored.codeChallengeMethod) throw new OAuthError(400, 'invalid_grant', 'Challenge method not found');
      if (!verifierMatches(codeVerifier, stored.codeChallenge, stored.codeChallengeMethod)) {
        throw new OAuthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
      }
    }
    // oauthlib puts the registered (default) URI in place of a missing redirect_uri, on the
    // authorize request as on the token request, so the code holds a URI either way and a token
    // request may leave it out (AuthorizationCodeGrant.validate_token_request, Grant.redirect_uri_allowed).
    if ((redirectUri ?? registeredRedirectUri) !== (stored.redirectUri ?? registeredRedirectUri)) {
      throw new OAuthError(400, 'invalid_request', 'Mismatching redirect URI.');
    }
    const member = this.store.members.get(stored.projectMemberId);
    if (!member?.authorized) throw new OAuthError(400, 'invalid_grant', 'The member no longer authorizes this project.');
    stored.used = true;
    return this.issueTokens(member.projectMemberId);
  }

  /** Rotates: the old refresh token and the access token issued with it stop working. */
  refresh(refreshToken: string): TokenResponse {
    const stored = this.store.refreshTokens.get(refreshToken);
    if (!stored) throw new OAuthError(400, 'invalid_grant', 'Unknown, used or revoked refresh token.');
    this.store.refreshTokens.delete(refreshToken);
    this.store.accessTokens.delete(stored.accessToken);
    return this.issueTokens(stored.projectMemberId);
  }

  /** An access token as issued, expired or not, with its member while they are in the project. */
  find(accessToken: string): { token: StoredAccessToken; member: StoredMember; expired: boolean } | undefined {
    const token = this.store.accessTokens.get(accessToken);
    const member = token && this.store.members.get(token.projectMemberId);
    if (!token || !member?.authorized) return undefined;
    // django-oauth-toolkit's AccessToken.is_expired: expired from the expiry instant on.
    return { token, member, expired: token.expiresAt <= this.now() };
  }

  /** How many unexpired access tokens a member holds (for the test controls' member list). */
  liveAccessTokenCount(projectMemberId: string): number {
    const now = this.now();
    let n = 0;
    for (const t of this.store.accessTokens.values()) if (t.projectMemberId === projectMemberId && t.expiresAt > now) n++;
    return n;
  }

  /** Revokes one access token, and optionally the refresh token issued with it. */
  revokeAccessToken(accessToken: string, alsoRefreshToken: boolean): boolean {
    const token = this.store.accessTokens.get(accessToken);
    if (!token) return false;
    this.store.accessTokens.delete(accessToken);
    if (alsoRefreshToken) this.store.refreshTokens.delete(token.refreshToken);
    this.store.save();
    return true;
  }

  /** Deletes every token and unredeemed code of a member; returns how many tokens went. */
  revokeMember(projectMemberId: string): number {
    let removed = 0;
    for (const [key, t] of this.store.accessTokens) {
      if (t.projectMemberId === projectMemberId) {
        this.store.accessTokens.delete(key);
        removed++;
      }
    }
    for (const [key, t] of this.store.refreshTokens) {
      if (t.projectMemberId === projectMemberId) {
        this.store.refreshTokens.delete(key);
        removed++;
      }
    }
    for (const [key, c] of this.store.codes) if (c.projectMemberId === projectMemberId) this.store.codes.delete(key);
    this.store.save();
    return removed;
  }

  private issueTokens(projectMemberId: string): TokenResponse {
    const access = generateToken();
    const refresh = generateToken();
    this.store.accessTokens.set(access, {
      token: access,
      projectMemberId,
      refreshToken: refresh,
      scope: TOKEN_SCOPE,
      expiresAt: this.now() + this.tokenTtlSeconds * 1000,
    });
    this.store.refreshTokens.set(refresh, { token: refresh, projectMemberId, accessToken: access });
    this.store.save();
    return { access_token: access, refresh_token: refresh, expires_in: this.tokenTtlSeconds, token_type: 'Bearer', scope: TOKEN_SCOPE };
  }
}
