import { createHash, timingSafeEqual } from 'node:crypto';
import type { StandinConfig } from '../config';
import { last } from './params';

/** Python's urllib.parse.unquote_plus: "+" is a space, %XX decoded, a malformed escape left as it is. */
function unquotePlus(part: string): string {
  const text = part.replace(/\+/g, ' ');
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function sameSecret(a: string, b: string): boolean {
  // Compare digests so the comparison takes the same time whatever the lengths.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** The client id of an HTTP Basic header as django-oauth-toolkit reads it (exactly "Basic", one space), with the secret. */
function basicCredentials(authorization: string | undefined): { id: string; secret: string } | undefined {
  if (!authorization) return undefined;
  const space = authorization.indexOf(' ');
  if (space < 0 || authorization.slice(0, space) !== 'Basic') return undefined;
  const encoded = authorization.slice(space + 1);
  // Python's b64decode drops characters outside the alphabet, then insists on whole quanta.
  const cleaned = encoded.replace(/[^A-Za-z0-9+/=]/g, '');
  if (cleaned.replace(/=+$/, '').length % 4 === 1 || cleaned.length % 4 !== 0) return undefined;
  const decoded = Buffer.from(cleaned, 'base64').toString('utf8');
  if (decoded.includes('\ufffd')) return undefined;
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: unquotePlus(decoded.slice(0, colon)), secret: unquotePlus(decoded.slice(colon + 1)) };
}

/**
 * Client authentication at the token endpoint as django-oauth-toolkit 2.4.0 does it
 * (OAuth2Validator.authenticate_client): HTTP Basic first, and only when that fails, the
 * `client_id` and `client_secret` form fields. Working Basic credentials win and the form's are
 * not looked at. When Basic names the project but with a wrong secret, the project is already
 * loaded, so the form's `client_secret` is checked against it and its `client_id` is ignored.
 * The project's client is confidential, so some secret is always required.
 */
export function isAuthenticatedClient(authorization: string | undefined, form: Record<string, unknown>, config: StandinConfig): boolean {
  const basic = basicCredentials(authorization);
  const basicNamesClient = basic !== undefined && basic.id === config.clientId;
  if (basicNamesClient && sameSecret(basic.secret, config.clientSecret)) return true;
  const bodySecret = last(form.client_secret) ?? '';
  if (basicNamesClient) return sameSecret(bodySecret, config.clientSecret);
  return last(form.client_id) === config.clientId && sameSecret(bodySecret, config.clientSecret);
}
