import type { ClientRequest } from 'node:http';
import type { Socket } from 'node:net';

export const CONNECT_TIMEOUT = 'ECONNECTTIMEOUT';
export const ANSWER_TIMEOUT = 'EUPSTREAMTIMEOUT';

function timeoutError(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/**
 * Runs `expired` when a connect is still pending `timeoutMs` from now. On a starved CPU the
 * timer and the finished connect fall due in the same loop turn, and timers run first: the
 * check waits for the I/O of that turn (setImmediate runs after it), so a connection the
 * kernel made in time is never taken for a failed one.
 */
export function whenStillConnecting(socket: Socket, timeoutMs: number, expired: () => void): () => void {
  const timer = setTimeout(() => {
    setImmediate(() => {
      if (socket.connecting && !socket.destroyed) expired();
    });
  }, timeoutMs);
  const clear = () => clearTimeout(timer);
  socket.once('connect', clear);
  socket.once('close', clear);
  return clear;
}

/** Bounds the TCP connect (a fresh socket only; a reused keep-alive socket is already connected). */
function limitConnect(proxyReq: ClientRequest, timeoutMs: number): void {
  const socket = proxyReq.socket;
  if (!socket?.connecting) return;
  const clear = whenStillConnecting(socket, timeoutMs, () => proxyReq.destroy(timeoutError(CONNECT_TIMEOUT, 'connect timed out')));
  proxyReq.once('close', clear);
}

/**
 * Gives an outgoing proxied request its two deadlines: connecting (then ECONNECTTIMEOUT, a
 * possible outage) and answering (then EUPSTREAMTIMEOUT, a slow upstream). Called from the
 * proxy's proxyReq hook, once the request has its socket. An event stream lifts the answer
 * deadline once it starts (see lift).
 */
export function limitUpstreamWaits(proxyReq: ClientRequest, connectTimeoutMs: number, answerTimeoutMs: number): void {
  limitConnect(proxyReq, connectTimeoutMs);
  proxyReq.setTimeout(answerTimeoutMs, () => proxyReq.destroy(timeoutError(ANSWER_TIMEOUT, 'no answer in time')));
}

/** An answer that may stay quiet for long (an event stream): no answer deadline any more. */
export function liftAnswerDeadline(proxyReq: ClientRequest): void {
  proxyReq.setTimeout(0);
}
