import type { Request, RequestHandler, Response } from 'express';
import { ADMIN_KEY_HEADER, DOWNLOAD_TOKEN_PARAM, ErrorCodes, type DownloadResource } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { RedisWindowCounters, SpentTokens } from '../../data-access/admin-limits';
import type { DownloadLinkSigner } from '../../domain/admin/download-links';
import { checkAdminKey, isMasterKey } from './admin-key';

/** How a call proves it comes from the study team. */
export type AdminProof =
  /** The master key in the X-Master-Key header. */
  | { kind: 'header' }
  /** The master key as a path parameter (GET /api/ohready/{masterKey}, as the spec has it). */
  | { kind: 'path'; param: string }
  /** The header, or a signed download link for this resource (a browser navigation). */
  | { kind: 'header-or-link'; resource: DownloadResource };

export interface AdminAccessOptions {
  masterKey: string;
  counters: RedisWindowCounters;
  /** Refused calls per address and route per window before every call answers 429. */
  failedAttemptsLimit: number;
  /** Accepted calls per address and route per window before they answer 429. */
  callsLimit: number;
  signer: DownloadLinkSigner;
  spentTokens: SpentTokens;
  now(): Date;
}

/** Marks a request the guard has let through (by route). */
const ADMITTED = Symbol('admin-admitted');

const LINK_INVALID_MESSAGE = 'This download link is not valid, has expired or was used already. Start the download again from the admin page.';

function rateLimited(resetInMs: number, what: string): AppError & { retryAfterSeconds: number } {
  const seconds = Math.max(1, Math.ceil(resetInMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const error = new AppError(429, ErrorCodes.RATE_LIMITED, `${what} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`) as AppError & { retryAfterSeconds: number };
  error.retryAfterSeconds = seconds;
  return error;
}

function firstQueryValue(req: Request, name: string): string | undefined {
  const value: unknown = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The admin guard, one per route: refuses a call without the master key (401) or with a wrong
 * one (403), compared in constant time, before anything else runs and before any body is read.
 * Refusals are counted per client address and route in Redis; at the limit every call from that
 * address to that route answers 429 until the window ends, the right key included (so guessing
 * cannot go on). Accepted calls have a looser limit of their own.
 */
export function adminAccess(options: AdminAccessOptions) {
  const checkProof = async (req: Request, proof: AdminProof): Promise<void> => {
    if (proof.kind === 'header') return checkAdminKey(req.get(ADMIN_KEY_HEADER), options.masterKey);
    if (proof.kind === 'path') {
      const given = req.params[proof.param];
      if (typeof given !== 'string' || !isMasterKey(given, options.masterKey)) throw new AppError(403, ErrorCodes.ADMIN_KEY_INVALID, 'The master key is not correct.');
      return;
    }
    const header = req.get(ADMIN_KEY_HEADER);
    const token = firstQueryValue(req, DOWNLOAD_TOKEN_PARAM);
    if (header !== undefined || token === undefined) return checkAdminKey(header, options.masterKey);
    const check = options.signer.verify(token, proof.resource, options.now());
    if (!check.valid) throw new AppError(403, ErrorCodes.DOWNLOAD_LINK_INVALID, LINK_INVALID_MESSAGE);
    const keepMs = check.claims.exp * 1000 - options.now().getTime() + 1000;
    if (!(await options.spentTokens.spend(check.claims.nonce, keepMs))) throw new AppError(403, ErrorCodes.DOWNLOAD_LINK_INVALID, LINK_INVALID_MESSAGE);
  };

  const admit = async (req: Request, res: Response, route: string, proof: AdminProof): Promise<void> => {
    // Admin answers hold personal data or a key-derived link: never cached anywhere.
    res.setHeader('Cache-Control', 'no-store');
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const failedKey = `${route}:${client}:failed`;
    try {
      const failures = await options.counters.read(failedKey);
      if (failures.count >= options.failedAttemptsLimit) throw rateLimited(failures.resetInMs, 'Too many refused attempts from your address.');
      try {
        await checkProof(req, proof);
      } catch (refusal) {
        if (refusal instanceof AppError && (refusal.status === 401 || refusal.status === 403)) await options.counters.hit(failedKey);
        throw refusal;
      }
      const calls = await options.counters.hit(`${route}:${client}:calls`);
      if (calls.count > options.callsLimit) throw rateLimited(calls.resetInMs, 'Too many calls from your address.');
    } catch (err) {
      if (err instanceof AppError && 'retryAfterSeconds' in err) res.setHeader('Retry-After', String(err.retryAfterSeconds));
      if (err instanceof AppError) req.log.warn({ adminRoute: route, status: err.status, code: err.code }, 'admin call refused');
      throw err;
    }
  };

  // Passes a refusal to next() rather than throwing, so the guard also works where it is called
  // with a callback before the body is read (the TypeFinder CSV import). A request is checked
  // once per route even when the guard sits on its path twice.
  return (route: string, proof: AdminProof): RequestHandler =>
    (req, res, next) => {
      const admitted = req as Request & { [ADMITTED]?: string };
      if (admitted[ADMITTED] === route) {
        next();
        return;
      }
      admit(req, res, route, proof).then(() => {
        admitted[ADMITTED] = route;
        next();
      }, next);
    };
}
