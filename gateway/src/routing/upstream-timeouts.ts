import type { ClientRequest } from 'node:http';

/** Error codes meaning "nobody is there": a circuit breaker opens on these. */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EADDRNOTAVAIL',
  'ECONNECTTIMEOUT',
]);
export const CONNECT_TIMEOUT = 'ECONNECTTIMEOUT';
export const ANSWER_TIMEOUT = 'EUPSTREAMTIMEOUT';

function timeoutError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** Bounds the TCP connect (a fresh socket only; a reused keep-alive socket is already connected). */
function limitConnect(proxyReq: ClientRequest, timeoutMs: number): void {
  const socket = proxyReq.socket;
  if (!socket?.connecting) return;
  const timer = setTimeout(() => proxyReq.destroy(timeoutError(CONNECT_TIMEOUT, 'connect timed out')), timeoutMs);
  const clear = () => clearTimeout(timer);
  socket.once('connect', clear);
  proxyReq.once('close', clear);
}

/**
 * Gives an outgoing proxied request its two deadlines: connecting (then ECONNECTTIMEOUT, an
 * outage) and answering (then EUPSTREAMTIMEOUT, a slow upstream). Called from the proxy's
 * proxyReq hook, once the request has its socket.
 */
export function limitUpstreamWaits(proxyReq: ClientRequest, connectTimeoutMs: number, answerTimeoutMs: number): void {
  limitConnect(proxyReq, connectTimeoutMs);
  proxyReq.setTimeout(answerTimeoutMs, () => proxyReq.destroy(timeoutError(ANSWER_TIMEOUT, 'no answer in time')));
}
