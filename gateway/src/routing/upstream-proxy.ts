import type { ClientRequest, IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import { createProxyMiddleware, proxyEventsPlugin, type RequestHandler as ProxyHandler } from 'http-proxy-middleware';
import type { Agents } from '../health/http-get';
import { hasReplayableBody } from './body-limit';
import { unreachableEvidence, type CircuitBreaker } from './circuit-breaker';
import { ANSWER_TIMEOUT, liftAnswerDeadline, limitUpstreamWaits } from './upstream-timeouts';

/** unavailable: nobody answers (or the call broke); timeout: connected, but no answer in time. */
export type UpstreamFailure = 'unavailable' | 'timeout';

export interface UpstreamProxyOptions {
  /** For logs: participants, mf_consent, ... */
  name: string;
  /** Where requests go, paths unchanged. */
  origin: string;
  agents: Agents;
  breaker: CircuitBreaker;
  connectTimeoutMs: number;
  answerTimeoutMs: number;
  /** Send the upstream's own host name (a web server answering for its name) instead of the browser's Host. */
  changeOrigin?: boolean;
  /** Rewrite redirects to the upstream's own address to this origin. */
  autoRewrite?: boolean;
  /** The log message of a failed call. */
  failureMessage: string;
  /** Adjusts an answer's headers before it is forwarded, or answers the request itself. */
  onResponse(proxyRes: IncomingMessage, req: Request, res: Response): void;
  /** Answers a call that failed before any of the upstream's answer was sent. */
  onFailure(req: Request, res: Response, failure: UpstreamFailure): void;
}

/** Forwards one request; failures are answered through onFailure, never through express's next(). */
export type UpstreamProxy = (req: Request, res: Response) => void;

/** What the gateway remembers about one request's trip upstream. */
interface UpstreamCall {
  /** The breaker's token when the call began. */
  token: number;
  /** The request went out on a keep-alive connection that had carried earlier requests. */
  reusedSocket: boolean;
  /** Any of the answer arrived. */
  answered: boolean;
  /** Already sent again once. */
  retried: boolean;
}

const CALL = Symbol('upstream call');
type WithCall = IncomingMessage & { [CALL]?: UpstreamCall };

/** A reused keep-alive connection the upstream had just closed: the request never reached it. */
const RESET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Never passed on from an answer: the connection headers describe the connection to the
 * upstream, not the one to the browser (Node sets its own); the framework banner is nobody's business.
 */
const DROPPED_ANSWER_HEADERS = ['connection', 'keep-alive', 'proxy-connection', 'x-powered-by'];

function isEventStream(proxyRes: IncomingMessage): boolean {
  const type = proxyRes.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith('text/event-stream');
}

/**
 * One upstream behind http-proxy-middleware, configured lean: no logger or default error
 * plugin, headers forwarded as they are. Keep-alive connections come from the shared agent;
 * a request whose reused connection turns out to have been closed by the upstream before
 * any answer (the keep-alive race) is sent once more on a new connection when its body can
 * be sent again, so the browser never sees that race. A connection that cannot be made feeds
 * the circuit breaker with what it proves. An event stream (text/event-stream) passes
 * through unbuffered with no answer deadline.
 */
export function createUpstreamProxy(options: UpstreamProxyOptions): UpstreamProxy {
  const { breaker, name } = options;
  const https = options.origin.startsWith('https:');

  const hooks = {
    proxyReq: (proxyReq: ClientRequest, incoming: IncomingMessage) => {
      const call = (incoming as WithCall)[CALL];
      if (call) call.reusedSocket = proxyReq.reusedSocket;
      limitUpstreamWaits(proxyReq, options.connectTimeoutMs, options.answerTimeoutMs);
    },
    proxyRes: (proxyRes: IncomingMessage, incoming: IncomingMessage, outgoing: ServerResponse) => {
      const call = (incoming as WithCall)[CALL];
      if (call) call.answered = true;
      breaker.recordReachable();
      for (const header of DROPPED_ANSWER_HEADERS) delete proxyRes.headers[header];
      // A browser that goes away mid-answer frees the upstream connection too.
      outgoing.once('close', () => {
        if (!outgoing.writableFinished) proxyRes.destroy();
      });
      if (isEventStream(proxyRes)) {
        liftAnswerDeadline((proxyRes as IncomingMessage & { req: ClientRequest }).req);
        // A proxy in front of the gateway must not hold events back either.
        proxyRes.headers['x-accel-buffering'] = 'no';
        // The status line and headers go out now, not with the first event.
        process.nextTick(() => {
          if (!outgoing.headersSent && !outgoing.writableEnded) outgoing.flushHeaders();
        });
      }
      options.onResponse(proxyRes, incoming as Request, outgoing as Response);
    },
    error: (err: NodeJS.ErrnoException, incoming: IncomingMessage, outgoing: ServerResponse | import('node:net').Socket) => {
      const req = incoming as Request;
      const call = (incoming as WithCall)[CALL];
      const code = err.code;
      const response = outgoing as ServerResponse;
      if (typeof response.writeHead !== 'function') return;
      if (call && !call.answered && !call.retried && call.reusedSocket && code && RESET_CODES.has(code) && !response.headersSent && hasReplayableBody(incoming)) {
        call.retried = true;
        req.log?.debug({ upstream: name, errorCode: code }, 'reused connection was closed by the upstream: sending again on a new one');
        void fresh(req, response as Response, () => options.onFailure(req, response as Response, 'unavailable'));
        return;
      }
      const evidence = unreachableEvidence(code);
      if (evidence) breaker.recordUnreachable(evidence, call?.token);
      req.log?.warn({ upstream: name, errorCode: code ?? 'UNKNOWN' }, options.failureMessage);
      if (response.headersSent) {
        // The answer was already under way: cut it so the client sees it is incomplete.
        response.destroy();
        return;
      }
      options.onFailure(req, response as Response, code === ANSWER_TIMEOUT ? 'timeout' : 'unavailable');
    },
  };

  const proxyWith = (agent: Agents['http'] | undefined): ProxyHandler =>
    createProxyMiddleware({
      target: options.origin,
      // Without an agent each request gets a connection of its own, closed after the answer.
      agent,
      changeOrigin: options.changeOrigin ?? false,
      autoRewrite: options.autoRewrite ?? false,
      // Forwarding headers are set by the caller, which knows whether to trust incoming ones.
      xfwd: false,
      // Our own error answers replace the default plugin's plain-text one, and no logger
      // plugin (it prints full URLs); the events plugin runs the hooks above.
      ejectPlugins: true,
      plugins: [proxyEventsPlugin],
      on: hooks,
    });
  const pooled = proxyWith(https ? options.agents.https : options.agents.http);
  const fresh = proxyWith(undefined);

  return (req, res) => {
    (req as WithCall)[CALL] = { token: breaker.attemptToken(), reusedSocket: false, answered: false, retried: false };
    void pooled(req, res, () => options.onFailure(req, res, 'unavailable'));
  };
}
