import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { RequestHandler } from 'express';

export interface SecurityHeadersOptions {
  /** Manifest URLs of the remotes; those on another origin are allowed to load. */
  remoteEntries: readonly string[];
  /** Sources allowed in frames (the TypeFinder widget, for example). */
  frameSrc: readonly string[];
  /** Pages the frontends embed (the how-it-works video): their origins are added to frame-src. */
  framedPages?: readonly string[];
}

/** The origins of remotes that live elsewhere (absolute manifest URLs). */
export function remoteOrigins(entries: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const entry of entries) {
    if (/^https?:\/\//i.test(entry)) origins.add(new URL(entry).origin);
  }
  return [...origins];
}

/** The headers a helmet middleware sets, found by running it once against a recording response. */
function headersSetBy(middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  };
  let failure: unknown;
  middleware({ headers: {} } as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}

/**
 * Helmet with a CSP that lets scripts, styles and fetches come only from this origin (plus
 * any remote configured on another origin). Styles also allow inline <style> elements: the
 * frontends' CSS is injected at run time by style-loader. Referrer-Policy no-referrer keeps
 * study IDs and the roster key in URLs out of any Referer header. Express's own
 * X-Powered-By is turned off in the app.
 */
export function securityHeaders(options: SecurityHeadersOptions): RequestHandler {
  const remotes = remoteOrigins(options.remoteEntries);
  const framed = remoteOrigins(options.framedPages ?? []);
  // 'none' cannot stand beside a source: an embedded page means frames are no longer 'none'.
  const frameSrc = [...new Set([...options.frameSrc.filter((source) => framed.length === 0 || source !== "'none'"), ...framed])];
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        imgSrc: ["'self'", 'data:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        // The how-it-works video and its captions ship with a remote (mf-consent).
        mediaSrc: ["'self'", ...remotes],
        frameSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    // The embedded stack is plain http on 127.0.0.1; HSTS belongs to the TLS terminator.
    strictTransportSecurity: false,
  });
  // Every directive is fixed at start, so helmet runs once here and each request only gets
  // the resulting headers (no CSP string built per request).
  const headers = headersSetBy(middleware);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
