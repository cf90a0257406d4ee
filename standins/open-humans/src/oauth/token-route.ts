import express, { Router } from 'express';
import type { StandinConfig } from '../config';
import { isAuthenticatedClient } from './client-auth';
import { OAuthError, type Grants, type TokenResponse } from './grants';
import { last, single } from './params';

export const TOKEN_PATH = '/oauth2/token/';

/** The OAuth2 token endpoint: authorization_code and refresh_token grants, client auth by HTTP Basic. */
export function tokenRoute(config: StandinConfig, grants: Grants): Router {
  const router = Router();

  router.post(TOKEN_PATH, express.urlencoded({ extended: false, limit: '16kb' }), (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    try {
      if (!isAuthenticatedClient(req.get('authorization'), config)) {
        res.set('WWW-Authenticate', 'Basic realm="oauth2"');
        throw new OAuthError(401, 'invalid_client', 'Client authentication failed.');
      }
      const form = (req.body ?? {}) as Record<string, unknown>;
      const grantType = single(form.grant_type);
      let answer: TokenResponse;
      if (grantType === 'authorization_code') {
        const code = single(form.code);
        if (!code) throw new OAuthError(400, 'invalid_request', 'Missing code parameter.');
        // A blank verifier counts as sent (oauthlib only asks whether it is absent); it then fails to match.
        answer = grants.exchangeCode(code, single(form.redirect_uri), config.redirectUri, last(form.code_verifier));
      } else if (grantType === 'refresh_token') {
        const refreshToken = single(form.refresh_token);
        if (!refreshToken) throw new OAuthError(400, 'invalid_request', 'Missing refresh_token parameter.');
        answer = grants.refresh(refreshToken);
      } else if (grantType === undefined) {
        throw new OAuthError(400, 'invalid_request', 'Missing grant_type parameter (send the body form-encoded).');
      } else {
        throw new OAuthError(400, 'unsupported_grant_type', `Unsupported grant_type "${grantType}".`);
      }
      res.status(200).json(answer);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      res.status(err.status).json({ error: err.error, error_description: err.description });
    }
  });

  return router;
}
