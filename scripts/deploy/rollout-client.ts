// A participant's client during a rollout: it keeps asking every slice for what a participant's
// screens ask (the shell's page, each remote's manifest, the dashboard's read, the Nardi result,
// the final report), one request every 100 ms in turn. Answers from the slice being replaced are
// left out; every other non-2xx answer or failed request is recorded.
import { apiPath, callApi, type CallOptions } from '@study/api-client';
import { routes } from '@study/contracts';
import { ApiError } from '@study/ui';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How one request went: undefined when it succeeded, else what to record (the status of a non-2xx answer). */
export type Outcome = string | undefined;

/** Where and how a request is sent. */
export interface SendContext {
  baseUrl: string;
  fetchImpl: typeof fetch;
  signal: AbortSignal;
}

export interface RolloutRequest {
  /** The deployable that answers it. */
  slice: string;
  /** Its path, as a failure names it. */
  path: string;
  /** Sends it; throws when no answer came. */
  send: (context: SendContext) => Promise<Outcome>;
}

/** A plain GET whose body is read and dropped: a page, a manifest, a file. */
function get(slice: string, path: string, headers: Record<string, string> = {}): RolloutRequest {
  return {
    slice,
    path,
    send: async ({ baseUrl, fetchImpl, signal }) => {
      const res = await fetchImpl(`${baseUrl}${path}`, { headers, signal });
      await res.arrayBuffer();
      return res.ok ? undefined : String(res.status);
    },
  };
}

/** A JSON call of the study API: its answer must also have the route's shape. */
function call(slice: string, path: string, send: (options: CallOptions) => Promise<unknown>): RolloutRequest {
  return {
    slice,
    path,
    send: async ({ baseUrl, fetchImpl, signal }) => {
      try {
        await send({ baseUrl, fetchImpl, signal });
        return undefined;
      } catch (err) {
        if (!(err instanceof ApiError) || err.status === undefined) throw err;
        // A non-2xx answer is named by its status; a 2xx of the wrong shape by what was wrong.
        return err.status >= 300 ? String(err.status) : `${err.status} ${err.message}`;
      }
    },
  };
}

/** What a participant's screens ask, in the order the client asks it. */
export function rolloutRequests(pgId: string, sessionCookie: string): RolloutRequest[] {
  // The participant's own calls carry their session, as their browser sends it.
  const headers = { cookie: sessionCookie };
  return [
    get('shell', '/'),
    get('mf-consent', '/mf/consent/mf-manifest.json'),
    get('mf-dashboard', '/mf/dashboard/mf-manifest.json'),
    get('mf-nardi', '/mf/nardi/mf-manifest.json'),
    get('mf-admin', '/mf/admin/mf-manifest.json'),
    call('svc-participants', routes.user.path, (options) => callApi(routes.user, { body: { pgId } }, { ...options, headers })),
    call('svc-scoring', routes.nardiFinal.path, (options) => callApi(routes.nardiFinal, { body: { pgId } }, { ...options, headers })),
    get('svc-reports', apiPath(routes.finalReportPdf, { pgId }), headers),
  ];
}

export interface RolloutFigures {
  /** Answers that succeeded, from slices not being replaced. */
  ok: number;
  /** Each failure from a slice not being replaced: '<time> <slice> <path>: <status or error>'. */
  failed: string[];
}

/** The client's count: a slice in outage (being replaced) is left out of it. */
export class RolloutTally {
  private readonly outage = new Set<string>();
  private ok = 0;
  private readonly failed: string[] = [];

  expectOutage(slice: string): void {
    this.outage.add(slice);
  }

  endOutage(slice: string): void {
    this.outage.delete(slice);
  }

  /** Counts one request's outcome; `failure` undefined means it succeeded. Whether its slice is in outage is decided when it ends. */
  record(request: Pick<RolloutRequest, 'slice' | 'path'>, failure: Outcome, at: Date): void {
    if (this.outage.has(request.slice)) return;
    if (failure === undefined) this.ok += 1;
    else this.failed.push(`${at.toISOString()} ${request.slice} ${request.path}: ${failure}`);
  }

  figures(): RolloutFigures {
    return { ok: this.ok, failed: [...this.failed] };
  }
}

export interface RolloutClientOptions {
  baseUrl: string;
  pgId: string;
  /** 'name=value', as the participant's browser sends it. */
  sessionCookie: string;
  intervalMs?: number;
  fetchImpl?: typeof fetch;
}

export interface RolloutClient {
  /** From now on the slice's answers are not counted: it is being replaced. */
  expectOutage: (slice: string) => void;
  endOutage: (slice: string) => void;
  /** Stops asking; the figures so far. */
  stop: () => RolloutFigures;
}

export function startClient({ baseUrl, pgId, sessionCookie, intervalMs = 100, fetchImpl = fetch }: RolloutClientOptions): RolloutClient {
  const tally = new RolloutTally();
  let running = true;
  void (async () => {
    const list = rolloutRequests(pgId, sessionCookie);
    for (let i = 0; running; i += 1) {
      const request = list[i % list.length];
      if (!request) break;
      let failure: Outcome;
      try {
        failure = await request.send({ baseUrl, fetchImpl, signal: AbortSignal.timeout(10_000) });
      } catch (err) {
        failure = err instanceof Error ? err.message : String(err);
      }
      tally.record(request, failure, new Date());
      await sleep(intervalMs);
    }
  })();
  return {
    expectOutage: (slice) => tally.expectOutage(slice),
    endOutage: (slice) => tally.endOutage(slice),
    stop: () => {
      running = false;
      return tally.figures();
    },
  };
}
