import type { Logger } from 'pino';

// What the kit's middleware adds to every request.
declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requestId(): the incoming x-request-id when sane, otherwise a new one. */
    requestId: string;
    /** Set by requestLogging(): a logger whose lines carry this request's id. */
    log: Logger;
    /** Set by jsonBody(): the exact bytes received, for webhook signature checks. */
    rawBody?: Buffer;
  }
}

export {};
