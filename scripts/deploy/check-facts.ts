// What `npm run deploy:check` reads from compose's names, the browser smoke test and the running
// releases, kept apart from running them.

/** The container podman-compose names for a service of a project: <project>_<service>_1. */
export const containerOf = (project: string, service: string): string => `${project}_${service}_1`;

/** The service a container of the project runs (containerOf read backwards). */
export const serviceOf = (project: string, container: string): string => container.replace(`${project}_`, '').replace(/_1$/, '');

/** The participant the browser smoke test leaves in participant.json, for the checks that go on using the app as them. */
export interface SmokeParticipant {
  pgId: string;
  /** 'name=value' of their session cookie. */
  sessionCookie: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function parseSmokeParticipant(json: unknown): SmokeParticipant {
  if (!isRecord(json) || typeof json.pgId !== 'string' || typeof json.sessionCookie !== 'string') {
    throw new Error('the browser smoke test left no participant (pgId and sessionCookie) in participant.json');
  }
  return { pgId: json.pgId, sessionCookie: json.sessionCookie };
}

/** The text at `keys` in a JSON answer (undefined when any step is missing): which release a slice says it runs. */
export function stringAt(json: unknown, ...keys: string[]): string | undefined {
  let value = json;
  for (const key of keys) {
    if (!isRecord(value)) return undefined;
    value = value[key];
  }
  return typeof value === 'string' ? value : undefined;
}

/** Every file a module-federation manifest names (its remote entry, exposed and shared chunks), as paths under its folder. */
export function manifestFiles(manifest: unknown): string[] {
  const files = new Set<string>();
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if ((key === 'sync' || key === 'async' || key === 'name') && /^[\w.-]+\.(js|css)$/.test(value)) files.add(value);
    } else if (Array.isArray(value)) for (const item of value) walk(item, key);
    else if (isRecord(value)) for (const [k, v] of Object.entries(value)) walk(v, k);
  };
  walk(manifest, '');
  return [...files].sort();
}

/** Files worth compressing: the build writes .br and .gz copies of these. */
export const isTextFile = (file: string): boolean => /\.(js|css|json|html|svg|txt)$/.test(file);

/** An asset that came back as it is though the client accepted br and gzip; the build's copies make every text file above 1 KB smaller. */
export function uncompressed(answers: readonly { url: string; status: number; encoding: string | undefined; bytes: number }[]): string[] {
  return answers.filter((a) => a.status !== 200 || (a.bytes > 1024 && a.encoding !== 'br' && a.encoding !== 'gzip')).map((a) => `${a.url}: ${a.status} ${a.encoding ?? 'identity'} ${a.bytes} bytes`);
}

/** One request of the load kept up while a service stops. */
export interface StopOutcome {
  startedAt: number;
  endedAt: number;
  /** The HTTP status, or 'error' when no answer came (a reset connection). */
  status: number | 'error';
  retryAfter?: string;
  error?: string;
}

/**
 * What a load of requests saw while their service was told to stop at `signalAt`: answered across
 * the signal (in flight when it came), answered after it (the notice), refused as a 503 with
 * Retry-After (the gateway, once the service is gone), and anything else, which is a failure.
 */
export function stopVerdict(outcomes: readonly StopOutcome[], signalAt: number): { across: number; afterSignal: number; refused: number; failed: string[] } {
  const ok = outcomes.filter((o) => o.status === 200);
  return {
    across: ok.filter((o) => o.startedAt <= signalAt && o.endedAt > signalAt).length,
    afterSignal: ok.filter((o) => o.startedAt > signalAt).length,
    refused: outcomes.filter((o) => o.status === 503 && o.retryAfter !== undefined).length,
    failed: outcomes
      .filter((o) => o.status !== 200 && !(o.status === 503 && o.retryAfter !== undefined))
      .map((o) => `${o.startedAt - signalAt} ms after the signal: ${o.status}${o.error ? ` (${o.error})` : ''}`),
  };
}

/** One query's answer from Prometheus' HTTP API, and the jobs (compose services) that must have a series in it. */
export interface SeriesExpectation {
  query: string;
  jobs: readonly string[];
  answer: unknown;
}

/**
 * What Prometheus says of its scraping, from its target list (api/v1/targets) and from queries counted `by (job)`:
 * every job must have an active target, every target must be `up`, and each query must have a
 * series for each of its jobs. Answers what is wrong, one line each; nothing when all is well.
 */
export function scrapeVerdict(targetsAnswer: unknown, jobs: readonly string[], expectations: readonly SeriesExpectation[]): string[] {
  const problems: string[] = [];
  const data = isRecord(targetsAnswer) && targetsAnswer.status === 'success' && isRecord(targetsAnswer.data) ? targetsAnswer.data : undefined;
  const active = data && Array.isArray(data.activeTargets) ? data.activeTargets.filter(isRecord) : undefined;
  if (!active) problems.push(`Prometheus answered no target list: ${JSON.stringify(targetsAnswer).slice(0, 200)}`);
  for (const job of jobs) {
    const targets = (active ?? []).filter((t) => isRecord(t.labels) && t.labels.job === job);
    if (active && targets.length === 0) problems.push(`${job}: no scrape target`);
    for (const target of targets) {
      if (target.health === 'up') continue;
      const instance = isRecord(target.labels) ? String(target.labels.instance) : '?';
      const error = typeof target.lastError === 'string' && target.lastError !== '' ? ` (${target.lastError})` : '';
      problems.push(`${job} (${instance}): ${String(target.health)}${error}`);
    }
  }
  for (const { query, jobs: wanted, answer } of expectations) {
    const result = isRecord(answer) && answer.status === 'success' && isRecord(answer.data) && Array.isArray(answer.data.result) ? answer.data.result : undefined;
    if (!result) {
      problems.push(`${query}: not a query answer: ${JSON.stringify(answer).slice(0, 200)}`);
      continue;
    }
    const seen = new Set(result.map((series: unknown) => (isRecord(series) && isRecord(series.metric) ? series.metric.job : undefined)));
    for (const job of wanted) if (!seen.has(job)) problems.push(`${job}: no series for ${query}`);
  }
  return problems;
}
