import express, { Router } from 'express';
import type { StandinConfig } from '../config';
import { isAuthenticatedClient } from './client-auth';
import { OAuthError, type Grants, type TokenResponse } from './grants';
import { last } from './params';

export const TOKEN_PATH = '/oauth2/token/';

/**
 * The OAuth2 token endpoint: authorization_code and refresh_token grants, the client
 * authenticated by HTTP Basic or by client_id/client_secret form fields (see isAuthenticatedClient).
 * Checks run in oauthlib 3.2.2's order: the grant type (oauthlib hands a missing or unknown one
 * to the authorization_code grant, which refuses it), the grant's required parameter, repeated
 * parameters, the client, then the code or refresh token. Repeated fields count by their last value.
 */
export function tokenRoute(config: StandinConfig, grants: Grants): Router {
  const router = Router();

  router.post(TOKEN_PATH, express.urlencoded({ extended: false, limit: '16kb' }), (req, res) => {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    try {
      // django-oauth-toolkit reads the form only: a JSON body has no grant_type.
      const form = (req.is('application/x-www-form-urlencoded') ? (req.body ?? {}) : {}) as Record<string, unknown>;
      const authenticateClient = () => {
        if (!isAuthenticatedClient(req.get('authorization'), form, config)) {
          // oauthlib's InvalidClientError: no description, a Bearer challenge naming the error.
          res.set('WWW-Authenticate', 'Bearer error="invalid_client"');
          throw new OAuthError(401, 'invalid_client');
        }
      };
      const grantType = last(form.grant_type);
      let answer: TokenResponse;
      if (grantType === 'authorization_code') {
        const code = last(form.code);
        if (code === undefined) throw new OAuthError(400, 'invalid_request', 'Missing code parameter.');
        for (const param of ['client_id', 'grant_type', 'redirect_uri']) {
          if (Array.isArray(form[param])) throw new OAuthError(400, 'invalid_request', `Duplicate ${param} parameter.`);
        }
        authenticateClient();
        // A blank verifier counts as sent (oauthlib only asks whether it is absent); it then fails to match.
        answer = grants.exchangeCode(code, last(form.redirect_uri), config.redirectUri, last(form.code_verifier));
      } else if (grantType === 'refresh_token') {
        const refreshToken = last(form.refresh_token);
        if (refreshToken === undefined) throw new OAuthError(400, 'invalid_request', 'Missing refresh token parameter.');
        authenticateClient();
        answer = grants.refresh(refreshToken);
      } else {
        throw new OAuthError(400, 'unsupported_grant_type');
      }
      res.status(200).json(answer);
    } catch (err) {
      if (!(err instanceof OAuthError)) throw err;
      res.status(err.status).json(err.description === undefined ? { error: err.error } : { error: err.error, error_description: err.description });
    }
  });

  return router;
}
