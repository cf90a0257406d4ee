import type { StandinConfig } from '../config';
import { single } from './params';

export interface AuthorizeRequest {
  clientId: string;
  responseType: string;
  state?: string;
  redirectUri?: string;
}

export type AuthorizeCheck = { ok: true; request: AuthorizeRequest } | { ok: false; reason: string };

/**
 * Checks the parameters of an authorization request (query on GET, form on POST). A failure is
 * shown on a page and never redirected: the redirect target itself may be what is wrong.
 */
export function checkAuthorizeRequest(params: Record<string, unknown>, config: StandinConfig): AuthorizeCheck {
  const clientId = single(params.client_id);
  const responseType = single(params.response_type);
  const state = single(params.state);
  const redirectUri = single(params.redirect_uri);
  if (!clientId) return { ok: false, reason: 'Missing client_id: the authorization link must name the project by its client_id.' };
  if (clientId !== config.clientId) return { ok: false, reason: `Unknown client_id "${clientId}": no project is registered with it.` };
  if (responseType !== 'code') {
    return { ok: false, reason: `Unsupported response_type "${responseType ?? ''}": only "code" is supported.` };
  }
  if (redirectUri !== undefined && redirectUri !== config.redirectUri) {
    return { ok: false, reason: `redirect_uri "${redirectUri}" does not match the project's registered redirect URI.` };
  }
  return { ok: true, request: { clientId, responseType, state, redirectUri } };
}

/** The registered redirect URI with the given parameters added to its query. */
export function redirectTarget(config: StandinConfig, params: Record<string, string | undefined>): string {
  const url = new URL(config.redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}
