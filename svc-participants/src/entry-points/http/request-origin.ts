import type { Request } from 'express';

/** Whether the browser's own connection is https (the gateway says so): cookies are then Secure. */
export function isHttps(req: Request): boolean {
  return req.get('x-forwarded-proto') === 'https' || req.secure;
}

/** The caller's address, from the gateway's X-Forwarded-For where TRUST_PROXY trusts it: what the limits count by. */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
