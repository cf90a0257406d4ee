import type { StandinConfig } from '../config';
import { last, single } from './params';
import { isCodeChallengeMethod, type CodeChallenge } from './pkce';

export interface AuthorizeRequest {
  clientId: string;
  responseType: string;
  state?: string;
  redirectUri?: string;
  /** PKCE, optional. Not checked here: a bad method is redirected back, see checkCodeChallenge. */
  codeChallenge?: string;
  /** Set whenever codeChallenge is; "plain" when the request named no method, as oauthlib defaults it. */
  codeChallengeMethod?: string;
}

export type AuthorizeCheck = { ok: true; request: AuthorizeRequest } | { ok: false; reason: string };

/**
 * Checks the parameters of an authorization request (query on GET, form on POST). A failure is
 * shown on a page and never redirected: the redirect target itself may be what is wrong.
 */
export function checkAuthorizeRequest(params: Record<string, unknown>, config: StandinConfig, from: 'query' | 'form'): AuthorizeCheck {
  const clientId = single(params.client_id);
  const responseType = single(params.response_type);
  const state = single(params.state);
  const redirectUri = single(params.redirect_uri);
  // oauthlib takes a query value as given. On POST, DOT's form strips the fields (Django's
  // CharField) and drops blank PKCE fields before oauthlib sees them.
  const pkceParam = (value: unknown): string | undefined => {
    const v = last(value);
    if (from === 'query' || v === undefined) return v;
    return v.trim() === '' ? undefined : v.trim();
  };
  const codeChallenge = pkceParam(params.code_challenge);
  const codeChallengeMethod = codeChallenge === undefined ? undefined : (pkceParam(params.code_challenge_method) ?? 'plain');
  if (!clientId) return { ok: false, reason: 'Missing client_id: the authorization link must name the project by its client_id.' };
  if (clientId !== config.clientId) return { ok: false, reason: `Unknown client_id "${clientId}": no project is registered with it.` };
  if (responseType !== 'code') {
    return { ok: false, reason: `Unsupported response_type "${responseType ?? ''}": only "code" is supported.` };
  }
  if (redirectUri !== undefined && redirectUri !== config.redirectUri) {
    return { ok: false, reason: `redirect_uri "${redirectUri}" does not match the project's registered redirect URI.` };
  }
  return { ok: true, request: { clientId, responseType, state, redirectUri, codeChallenge, codeChallengeMethod } };
}

export type CodeChallengeCheck =
  | { ok: true; challenge: CodeChallenge | null }
  | { ok: false; error: 'invalid_request'; description: string };

/**
 * The PKCE part of an authorization request. oauthlib checks it after client_id and redirect_uri,
 * so an unsupported method goes back to the client by redirect (UnsupportedCodeChallengeMethodError).
 */
export function checkCodeChallenge(request: AuthorizeRequest): CodeChallengeCheck {
  const { codeChallenge, codeChallengeMethod } = request;
  if (codeChallenge === undefined) return { ok: true, challenge: null };
  if (codeChallengeMethod === undefined || !isCodeChallengeMethod(codeChallengeMethod)) {
    return { ok: false, error: 'invalid_request', description: 'Transform algorithm not supported.' };
  }
  // A blank challenge passes but binds nothing: DOT reads a stored empty challenge as none.
  return { ok: true, challenge: codeChallenge === '' ? null : { challenge: codeChallenge, method: codeChallengeMethod } };
}

/** The registered redirect URI with the given parameters added to its query. */
export function redirectTarget(config: StandinConfig, params: Record<string, string | undefined>): string {
  const url = new URL(config.redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
