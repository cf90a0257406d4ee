import type { RequestHandler } from 'express';
import type { PublicStudyConfig } from '../config';
import { NO_CACHE } from './cache-control';

/**
 * JSON that is also safe inside JavaScript source and inside an HTML <script> element: '<', '>'
 * and '&' are escaped (so "</script>" or "<!--" in a value cannot end the script), and so are
 * U+2028/U+2029, which older JavaScript engines treat as line breaks inside strings.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The body of /config.js: the deployment settings the frontends read at start. */
export function studyConfigScript(config: PublicStudyConfig): string {
  return `window.__STUDY_CONFIG__ = Object.freeze(${scriptSafeJson(config)});\n`;
}

/**
 * GET /config.js, loaded by the shell's index.html before the app: built once from the
 * environment, revalidated on every load so a changed setting is seen after a restart.
 */
export function studyConfigRoute(config: PublicStudyConfig): RequestHandler {
  const body = studyConfigScript(config);
  return (_req, res) => {
    res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
    res.setHeader('Cache-Control', NO_CACHE);
    res.send(body);
  };
}
