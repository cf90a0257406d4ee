// The HTTP side of a set of participants, as their browsers call the study through the gateway:
// each call names its route (@study/contracts routes) and is sent to the route's address
// (@study/api-client apiPath) with the route's method, with the participant's session cookie; a
// session an answer begins (POST /api/consent) is kept for the study ID it names. The client
// sends by itself (not callApi) because its retry policies read each answer's status, headers
// and body; a JSON answer is still checked against the route's response schema (except under the
// screens' policy, which counts what the screens would show instead).
//
// How an error answer is met is the client's one option, `retry`:
// - none (the default): the first error answer throws a ParticipantCallError.
// - { kind: 'busy' }: a 503 is sent again after its Retry-After (at most `maxWaitMs`, 200 ms when
//   it names none), up to `attempts` times; anything else throws.
// - { kind: 'screens', deadline }: what the participants' screens do, counted in `stats` (the
//   fault runs' figures):
//   - 2xx: done.
//   - 503 with Retry-After: wait that many seconds and send the same request again (the answer
//     says nothing was stored, or the resend is a no-op). Counted, not a failure. The same for
//     the result stream's own request.
//   - 409 "not ready yet" (NARDI_NOT_SCORED, NARDI_NOT_FINAL) on the Nardi reads: the screen asked
//     because the stream showed the result, or because it waited RESULT_STREAM_WAIT_MS in vain;
//     either way it shows the participant an error: one failure ('not-ready'), then wait for the
//     stream again and ask again (as a participant pressing retry would).
//   - POST /api/user/survey/final 404/409: the dashboard ignores it (it keeps listening to the stream).
//   - 409 SURVEY_CLOSED on a save resent after an unclear answer (a 503 or no answer): the first
//     attempt went through; done, as the Nardi screen treats it.
//   - Anything else is a failure: any 500, 502, 504, a 503 without Retry-After, no answer at all,
//     an unexpected 4xx. A 5xx or no answer is sent again after a second (a participant trying
//     again); an unexpected 4xx ends the participant's flow (FlowAborted).
//   - Nothing is sent after the deadline: a call still retrying then throws FlowAborted.
//
// The screens learn of results from the participant's result stream (GET /api/user/events/{pgId},
// Server-Sent Events) and ask a result's owner only once the stream shows it (mf-nardi nardi-api.ts,
// mf-dashboard finish-survey.ts): on a stream that delivers they wait up to a minute, on one that
// does not (no message, or dropped) RESULT_STREAM_WAIT_MS, then ask anyway. Under the screens'
// policy the client does the same (whenShown), over a stream of its own that reconnects a dropped
// connection as a browser's EventSource does; otherwise it asks the owner until it answers.
import { apiPath, type CallInput } from '@study/api-client';
import { ErrorCodes, RESULTS_EVENT, routes, type ApiRoute, type ParticipantResults, type PathParamsOf, type ResponseBodyOf, type Settings } from '@study/contracts';
import { SessionJar } from './session-jar';

export interface Failure {
  pgId: string;
  route: string;
  kind: 'http' | 'no-answer' | 'not-ready' | 'flow';
  status?: number;
  code?: string;
  detail: string;
  /** ms since the client's clock started. */
  at: number;
}

export interface CallStats {
  requests: number;
  /** 503 answers with Retry-After, each followed by a resend. */
  retried503: number;
  /** "Not ready yet" answers per route (409 on the Nardi reads; 404/409 on survey/final). */
  notReady: Record<string, number>;
  /** Waits on the result stream that ended without the result (the screen then asks anyway). */
  streamWaitsTimedOut: number;
  /** Result stream connections opened again after a drop (as EventSource does). */
  streamReconnects: number;
  /** Resends answered SURVEY_CLOSED: an earlier attempt had been stored. */
  closedOnResend: number;
  failures: Failure[];
}

/** The screens' policy (see above): the fault runs count what it meets. */
export interface ScreensRetry {
  kind: 'screens';
  /** Nothing is sent after this time (ms since epoch); a call still retrying then throws FlowAborted. */
  deadline: number;
}

/** 503 answers waited out and sent again, up to `attempts` (default 20), each wait at most `maxWaitMs` (default 1,000). */
export interface BusyRetry {
  kind: 'busy';
  attempts?: number;
  maxWaitMs?: number;
}

export type RetryOption = ScreensRetry | BusyRetry;

export interface ParticipantClientOptions {
  /** The gateway: the study's one origin, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /** The TypeFinder stand-in's widget (takeTypeFinder posts the quiz there). */
  typeFinderWidgetUrl?: string;
  /** How error answers are met (see above); none: the first one throws. */
  retry?: RetryOption;
  /** The sessions to keep and send (e.g. shared with hand-made calls); a new jar by default. */
  sessions?: SessionJar;
  fetchImpl?: typeof fetch;
  /** The time the client's figures count from (Failure.at); now by default. */
  clockStart?: number;
  /** How long one request may take (default 70 s). */
  requestTimeoutMs?: number;
  /** Without the screens' policy: how long a result not ready yet is asked for again (default 60 s), every `pollMs` (default 250). */
  resultWaitMs?: number;
  pollMs?: number;
}

/** The call answered an error (or nothing) and the client's policy did not take it. */
export class ParticipantCallError extends Error {
  override name = 'ParticipantCallError';
  constructor(
    readonly route: string,
    /** Undefined when no answer came. */
    readonly status: number | undefined,
    message: string,
    readonly code?: string,
    readonly requestId?: string,
  ) {
    super(`${route} answered ${status ?? 'nothing'}${code ? ` ${code}` : ''}: ${message}`);
  }
}

/** The participant's flow cannot go on (the screens' policy): an unexpected 4xx, or the deadline passed. */
export class FlowAborted extends Error {
  override name = 'FlowAborted';
}

/**
 * How a call's "not ready yet" answer is taken.
 * 'owner-read': a Nardi read (409 NARDI_NOT_SCORED/NARDI_NOT_FINAL answers null; under the screens' policy also a failure).
 * 'dashboard-final': POST /api/user/survey/final (404/409 answer null).
 * 'redirect': a 302 is the answer, not followed (GET /api/authorization).
 */
export type Tolerance = 'none' | 'owner-read' | 'dashboard-final' | 'redirect';

export interface CallOptions {
  tolerance?: Tolerance;
  /** Sent too, besides the participant's session (the authorization cookie, for POST /api/consent). */
  cookie?: string;
  /** Who the call is for, in failures, when no study ID is in the call (e.g. 'member 12345678'). */
  label?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  json?: unknown;
}

export interface ResultsSubscription {
  /** Settles when the stream first answered 200 (true), or was closed before (false). */
  opened: Promise<boolean>;
  close: () => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** How long a screen waits for the result stream before asking anyway (mf-nardi RESULT_STREAM_WAIT_MS, mf-dashboard FINAL_SCORE_STREAM_WAIT_MS). */
export const RESULT_STREAM_WAIT_MS = 10_000;
/** How long a screen keeps waiting on a stream that delivers (@study/client-state LIVE_STREAM_WAIT_MS). */
const LIVE_STREAM_WAIT_MS = 60_000;
/** EventSource's wait before reconnecting when the server named none (it names RECONNECT_MS in its `retry:` line). */
const DEFAULT_RECONNECT_MS = 2_000;
const NOT_READY_CODES = new Set<string>([ErrorCodes.NARDI_NOT_SCORED, ErrorCodes.NARDI_NOT_FINAL]);
/** The study's cookie holding an authorization request this browser started (state and PKCE verifier). */
export const AUTHORIZATION_COOKIE = 'study_authorization';

/** The study ID a participant call names: in its path parameters, or its JSON body. */
function studyIdOf(input: { params?: unknown; body?: unknown }): string | undefined {
  const fromParams = (input.params as { pgId?: unknown } | undefined)?.pgId;
  if (typeof fromParams === 'string') return fromParams;
  const fromBody = (input.body as { pgId?: unknown } | undefined)?.pgId;
  return typeof fromBody === 'string' ? fromBody : undefined;
}

/** One participant's (or many participants') browser over HTTP, with the retry policy chosen. */
export class ParticipantClient {
  readonly baseUrl: string;
  readonly typeFinderWidgetUrl: string | undefined;
  /** Each participant's session, as their browser would hold it. */
  readonly sessions: SessionJar;
  readonly stats: CallStats = { requests: 0, retried503: 0, notReady: {}, streamWaitsTimedOut: 0, streamReconnects: 0, closedOnResend: 0, failures: [] };
  readonly retry: RetryOption | undefined;
  /** Nothing is sent after this (ms since epoch): the screens' policy's deadline, else never. */
  readonly deadline: number;
  readonly clockStart: number;
  readonly resultWaitMs: number;
  readonly pollMs: number;
  private readonly fetchImpl: typeof fetch;
  private readonly requestTimeoutMs: number;
  private settingsAnswer: Promise<Settings> | undefined;
  private agreement: Promise<{ versionId: string; adult: true }> | undefined;

  constructor(options: ParticipantClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.typeFinderWidgetUrl = options.typeFinderWidgetUrl;
    this.retry = options.retry;
    this.sessions = options.sessions ?? new SessionJar();
    this.deadline = options.retry?.kind === 'screens' ? options.retry.deadline : Number.POSITIVE_INFINITY;
    this.clockStart = options.clockStart ?? Date.now();
    this.fetchImpl = options.fetchImpl ?? ((...args) => fetch(...args));
    this.requestTimeoutMs = options.requestTimeoutMs ?? 70_000;
    this.resultWaitMs = options.resultWaitMs ?? 60_000;
    this.pollMs = options.pollMs ?? 250;
  }

  /** Whether the screens' policy is on (waits on the result stream, counts failures instead of throwing). */
  get screens(): boolean {
    return this.retry?.kind === 'screens';
  }

  failure(f: Omit<Failure, 'at'>): void {
    this.stats.failures.push({ ...f, at: Date.now() - this.clockStart });
  }

  /** The address of a route on this stack, its parameters and query filled in. */
  url<R extends ApiRoute>(route: R, params?: PathParamsOf<R>, query?: Record<string, string | undefined>): string {
    return `${this.baseUrl}${apiPath(route, params, query)}`;
  }

  private async send(method: ApiRoute['method'], address: string, body: unknown, pgId: string | undefined, redirect: RequestRedirect, cookie: string | undefined): Promise<Answer | Error> {
    this.stats.requests += 1;
    try {
      const cookies = [this.sessions.headersFor(pgId).cookie, cookie].filter(Boolean).join('; ');
      const session: Record<string, string> = cookies ? { cookie: cookies } : {};
      const res = await this.fetchImpl(`${this.baseUrl}${address}`, {
        method,
        headers: body === undefined ? { accept: '*/*', ...session } : { 'content-type': 'application/json', accept: 'application/json', ...session },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect,
        signal: AbortSignal.timeout(this.requestTimeoutMs),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      let json: unknown;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          json = undefined;
        }
      }
      this.sessions.keep(res, (json as { pgId?: unknown } | undefined)?.pgId);
      return { status: res.status, headers: res.headers, body: bytes, json };
    } catch (err) {
      return err as Error;
    }
  }

  /**
   * One call under the client's policy; answers the 2xx answer (or the 302 for 'redirect'), or
   * null when tolerated as "not ready yet".
   */
  async call<R extends ApiRoute>(route: R, input: CallInput<R>, options: CallOptions = {}): Promise<Answer | null> {
    const { tolerance = 'none', cookie } = options;
    const { method, path: label } = route;
    const pgId = studyIdOf(input);
    const who = options.label ?? pgId ?? '-';
    const address = apiPath(route, (input as { params?: PathParamsOf<R> }).params, input.query);
    const screens = this.retry?.kind === 'screens';
    const busy = this.retry?.kind === 'busy' ? this.retry : undefined;
    let unclear = false;
    for (let attempt = 1; ; attempt += 1) {
      if (Date.now() > this.deadline) throw new FlowAborted(`${label} for ${who}: still not answered when the run's deadline passed`);
      const answer = await this.send(method, address, input.body, pgId, tolerance === 'redirect' ? 'manual' : 'follow', cookie);
      if (answer instanceof Error) {
        if (!screens) throw new ParticipantCallError(`${method} ${label}`, undefined, answer.message);
        this.failure({ pgId: who, route: label, kind: 'no-answer', detail: answer.message });
        unclear = true;
        await sleep(1_000);
        continue;
      }
      const { status, headers, json } = answer;
      const problem = json as { code?: string; error?: string; requestId?: string } | undefined;
      const code = problem?.code;
      const message = problem?.error ?? answer.body.toString('utf8').slice(0, 200);
      if ((status >= 200 && status < 300) || (tolerance === 'redirect' && status === 302)) return answer;
      const retryAfter = headers.get('retry-after');
      const waitSeconds = retryAfter !== null && /^\d+$/.test(retryAfter) ? Number(retryAfter) : undefined;
      if (screens && status === 503 && waitSeconds !== undefined) {
        this.stats.retried503 += 1;
        unclear = true;
        await sleep(waitSeconds * 1_000);
        continue;
      }
      if (busy && status === 503 && attempt < (busy.attempts ?? 20)) {
        this.stats.retried503 += 1;
        await sleep(Math.min(busy.maxWaitMs ?? 1_000, waitSeconds === undefined ? 200 : waitSeconds * 1_000));
        continue;
      }
      if (tolerance === 'owner-read' && status === 409 && code !== undefined && NOT_READY_CODES.has(code)) {
        this.stats.notReady[label] = (this.stats.notReady[label] ?? 0) + 1;
        if (screens) this.failure({ pgId: who, route: label, kind: 'not-ready', status, code, detail: `the screen was shown ${code}: ${message}` });
        return null;
      }
      if (tolerance === 'dashboard-final' && (status === 404 || status === 409)) {
        this.stats.notReady[label] = (this.stats.notReady[label] ?? 0) + 1;
        return null;
      }
      if (screens && unclear && status === 409 && code === ErrorCodes.SURVEY_CLOSED) {
        this.stats.closedOnResend += 1;
        return answer;
      }
      if (!screens) throw new ParticipantCallError(`${method} ${label}`, status, message, code, problem?.requestId);
      this.failure({ pgId: who, route: label, kind: 'http', status, code, detail: `${method} answered ${status}${retryAfter === null ? '' : ` (Retry-After ${retryAfter})`}: ${message}` });
      if (status >= 500) {
        unclear = true;
        await sleep(1_000);
        continue;
      }
      throw new FlowAborted(`${label} for ${who} answered ${status} ${code ?? ''}: ${message}`);
    }
  }

  /**
   * A JSON call under the client's policy: its answer (checked against the route's response
   * schema, except under the screens' policy), or null when tolerated as "not ready yet".
   */
  async json<R extends ApiRoute>(route: R, input: CallInput<R>, options: CallOptions = {}): Promise<ResponseBodyOf<R> | null> {
    const answer = await this.call(route, input, options);
    if (answer === null) return null;
    if (this.screens || route.response.kind !== 'json') return answer.json as ResponseBodyOf<R>;
    const parsed = route.response.schema.safeParse(answer.json);
    if (!parsed.success) throw new ParticipantCallError(`${route.method} ${route.path}`, answer.status, `an answer of another shape than the route's: ${parsed.error.message.slice(0, 300)}`);
    return parsed.data as ResponseBodyOf<R>;
  }

  /** A JSON call that must answer (no tolerance): its checked answer. */
  async must<R extends ApiRoute>(route: R, input: CallInput<R>, options: Omit<CallOptions, 'tolerance'> = {}): Promise<ResponseBodyOf<R>> {
    const answer = await this.json(route, input, options);
    if (answer === null) throw new FlowAborted(`${route.path} answered nothing usable`);
    return answer;
  }

  /**
   * The participant's result stream, as the screens' EventSource: each results message goes to
   * `onResults` until closed. A dropped connection is opened again after the server's `retry:`
   * wait; the stream's request follows the policy above (a 503 with Retry-After is waited out,
   * another error answer is a failure and is tried again a second later).
   */
  subscribeResults(pgId: string, onResults: (results: ParticipantResults) => void, onDropped: () => void = () => undefined): ResultsSubscription {
    const abort = new AbortController();
    const route = routes.resultsStream.path;
    let opened: (value: boolean) => void = () => undefined;
    const openedPromise = new Promise<boolean>((resolve) => (opened = resolve));
    abort.signal.addEventListener('abort', () => opened(false));
    void (async () => {
      let reconnectMs = DEFAULT_RECONNECT_MS;
      let first = true;
      while (!abort.signal.aborted && Date.now() < this.deadline) {
        if (!first) this.stats.streamReconnects += 1;
        first = false;
        this.stats.requests += 1;
        let wait = reconnectMs;
        try {
          const res = await this.fetchImpl(this.url(routes.resultsStream, { pgId }), { headers: { accept: 'text/event-stream', ...this.sessions.headersFor(pgId) }, signal: abort.signal });
          const retryAfter = res.headers.get('retry-after');
          if (res.status === 503 && retryAfter !== null && /^\d+$/.test(retryAfter)) {
            this.stats.retried503 += 1;
            wait = Number(retryAfter) * 1_000;
            await res.body?.cancel();
          } else if (res.status !== 200 || !res.body) {
            const text = (await res.text()).slice(0, 200);
            this.failure({ pgId, route, kind: 'http', status: res.status, detail: `GET answered ${res.status}${retryAfter === null ? '' : ` (Retry-After ${retryAfter})`}: ${text}` });
            wait = 1_000;
          } else {
            opened(true);
            const decoder = new TextDecoder();
            let buffer = '';
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
              buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
              let end: number;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                let event = 'message';
                const data: string[] = [];
                for (const line of block.split('\n')) {
                  const colon = line.indexOf(':');
                  if (colon === 0) continue;
                  const field = colon < 0 ? line : line.slice(0, colon);
                  const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
                  if (field === 'event') event = value;
                  else if (field === 'data') data.push(value);
                  else if (field === 'retry' && /^\d+$/.test(value)) reconnectMs = Number(value);
                }
                if (event === RESULTS_EVENT && data.length > 0 && !abort.signal.aborted) onResults(JSON.parse(data.join('\n')) as ParticipantResults);
              }
            }
            wait = reconnectMs;
          }
        } catch {
          if (abort.signal.aborted) return;
          // A dropped connection: EventSource opens it again by itself (no failure the screen shows).
        }
        if (abort.signal.aborted) return;
        onDropped();
        await sleep(wait);
      }
      opened(false);
    })();
    return { opened: openedPromise, close: () => abort.abort() };
  }

  /**
   * The first results for which `ready` holds, or null when the stream cannot deliver, as
   * @study/client-state waitForResults: after `timeoutMs` without a message (or since it dropped),
   * or after LIVE_STREAM_WAIT_MS in all.
   */
  waitForResults(pgId: string, ready: (results: ParticipantResults) => boolean, timeoutMs: number, liveTimeoutMs = Math.max(timeoutMs, LIVE_STREAM_WAIT_MS)): Promise<ParticipantResults | null> {
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const endsAt = Math.min(Date.now() + liveTimeoutMs, this.deadline);
      let done = false;
      const finish = (results: ParticipantResults | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        // Called from a timer or the stream's listener, never before the subscription below exists.
        subscription.close();
        if (results === null) this.stats.streamWaitsTimedOut += 1;
        resolve(results);
      };
      const waitAtMost = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(null), Math.max(0, Math.min(ms, endsAt - Date.now())));
      };
      let live = false;
      waitAtMost(timeoutMs);
      const subscription = this.subscribeResults(
        pgId,
        (results) => {
          if (ready(results)) return finish(results);
          if (!live) waitAtMost(liveTimeoutMs);
          live = true;
        },
        () => {
          if (!live) return;
          live = false;
          waitAtMost(timeoutMs);
        },
      );
    });
  }

  /**
   * A result's read as the screens make it. Under the screens' policy: once the stream shows it
   * (`shown`), or after the screen's wait, asked of the owner; a Nardi read's 409 is a failure and
   * the participant tries again (the stream waited for again) until the deadline, while
   * survey/final is asked once (null: the dashboard keeps listening). Otherwise the owner is
   * asked every `pollMs` until it answers, for at most `resultWaitMs`.
   */
  async whenShown<R extends typeof routes.nardiScores | typeof routes.nardiFinal | typeof routes.finalScore>(
    pgId: string,
    route: R,
    shown: (results: ParticipantResults) => boolean,
  ): Promise<ResponseBodyOf<R> | null> {
    const input = { body: { pgId } } as CallInput<R>;
    const tolerance: Tolerance = route === routes.finalScore ? 'dashboard-final' : 'owner-read';
    if (this.screens) {
      for (;;) {
        if (Date.now() > this.deadline) throw new FlowAborted(`${route.path} for ${pgId}: the result never came before the run's deadline`);
        await this.waitForResults(pgId, shown, RESULT_STREAM_WAIT_MS);
        const answer = await this.json(route, input, { tolerance });
        if (answer !== null || tolerance === 'dashboard-final') return answer;
      }
    }
    const giveUpAt = Date.now() + this.resultWaitMs;
    for (;;) {
      const answer = await this.json(route, input, { tolerance });
      if (answer !== null) return answer;
      if (Date.now() > giveUpAt) throw new ParticipantCallError(`${route.method} ${route.path}`, 409, `still not ready after ${this.resultWaitMs} ms`);
      await sleep(this.pollMs);
    }
  }

  /** GET /api/settings (once): the study email's host. */
  settings(): Promise<Settings> {
    this.settingsAnswer ??= this.must(routes.settings, {}).catch((error: unknown) => {
      this.settingsAnswer = undefined;
      throw error;
    });
    return this.settingsAnswer;
  }

  /** What the consent page sends with the code (once): the consent version it showed (GET /api/consent/text) and the 18+ certification. */
  consentAgreement(): Promise<{ versionId: string; adult: true }> {
    this.agreement ??= this.must(routes.consentText, {}).then(
      ({ versionId }) => ({ versionId, adult: true as const }),
      (error: unknown) => {
        this.agreement = undefined;
        throw error;
      },
    );
    return this.agreement;
  }

  /**
   * GET /api/authorization?state=...: the consent page's start of the Open Humans authorization in
   * the participant's browser. Answers the authorize page it redirects to (with the PKCE challenge)
   * and the Cookie header of the request it keeps (state and verifier), which POST /api/consent needs.
   */
  async startAuthorization(label: string, state: string): Promise<{ authorizeUrl: string; cookie: string }> {
    const answer = await this.call(routes.startAuthorization, { query: { state } }, { tolerance: 'redirect', label });
    const authorizeUrl = answer?.headers.get('location');
    const cookie = answer?.headers.getSetCookie().find((line) => line.startsWith(`${AUTHORIZATION_COOKIE}=`));
    if (answer?.status !== 302 || !authorizeUrl || !cookie) throw new FlowAborted(`GET ${routes.startAuthorization.path} for ${label} answered ${answer?.status}: no authorize page or no ${AUTHORIZATION_COOKIE} cookie`);
    return { authorizeUrl, cookie: cookie.split(';')[0] as string };
  }
}
