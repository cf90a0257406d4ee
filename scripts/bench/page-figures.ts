// The page bench's (pages.ts) bookkeeping, apart from the browser: the pages it loads, what one
// load's network traffic adds up to, the largest contentful paint the page reported, the median
// run of each page, the table it prints and its command line.

/**
 * Who is looking: a visitor with nothing stored, a participant whose next survey is the Nardi
 * survey (TypeFinder done), or one who finished it.
 */
export type Viewer = 'visitor' | 'dueForNardi' | 'nardiDone';

/** A page the study is judged by, and who looks at it (default a visitor). */
export interface PageSpec {
  path: string;
  as?: Viewer;
}

export const DEFAULT_PAGES: readonly PageSpec[] = [
  { path: '/' },
  { path: '/consent' },
  { path: '/how-it-works' },
  { path: '/survey', as: 'dueForNardi' },
  { path: '/nardi', as: 'dueForNardi' },
  { path: '/nardi-report', as: 'nardiDone' },
  { path: '/mbti-load' },
];

/** What one cold load of a page weighed and painted. */
export interface PageLoad {
  /** Largest contentful paint after navigation start (null: none reported). */
  lcpMs: number | null;
  /** What the largest contentful paint was, e.g. "H1 Reveal Yourself!". */
  lcpElement: string;
  /** JavaScript response bodies as transferred (compressed when served so), bytes. */
  jsBytesWire: number;
  /** The same bodies decoded, bytes. */
  jsBytesRaw: number;
  /** How many JavaScript files the page loaded. */
  jsFiles: number;
  /** Every response body as transferred (HTML, JSON, API answers too). */
  allBytesWire: number;
}

/** A page's figures: its median run's weight and the median of its runs' paints. */
export interface PageFigures extends PageLoad {
  path: string;
  /** Each run's figure (the reported one is their median). */
  lcpRunsMs: number[];
}

/** The lower median (an actual run's value); null for no values. */
export function median(values: readonly number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor((sorted.length - 1) / 2)] ?? null);
}

/** One page's figures from its runs: the paint is the median run's, the bytes are that same run's. */
export function summarisePage(pagePath: string, loads: readonly PageLoad[]): PageFigures {
  const lcps = loads.map((l) => l.lcpMs).filter((v): v is number => v !== null);
  const lcpMs = median(lcps);
  const mid = loads.find((l) => l.lcpMs === lcpMs) ?? loads[0];
  if (!mid) throw new Error(`no load of ${pagePath} to report`);
  return { path: pagePath, jsBytesWire: mid.jsBytesWire, jsBytesRaw: mid.jsBytesRaw, jsFiles: mid.jsFiles, allBytesWire: mid.allBytesWire, lcpMs, lcpElement: mid.lcpElement, lcpRunsMs: lcps };
}

/** The largest contentful paint as the page's observer (pages.ts LCP_OBSERVER) left it in window.__bench. */
export interface LcpMark {
  lcp: number | null;
  element: string;
}

/** Reads window.__bench; a page that navigated away or never ran the observer has none. */
export function lcpMarkOf(value: unknown): LcpMark {
  if (typeof value !== 'object' || value === null) return { lcp: null, element: '' };
  const lcp = 'lcp' in value && typeof value.lcp === 'number' ? value.lcp : null;
  const element = 'element' in value && typeof value.element === 'string' ? value.element : '';
  return { lcp, element };
}

interface RequestTally {
  /** 'js' for scripts, otherwise the browser's resource type. */
  type: string;
  headerBytes: number;
  /** Body bytes as transferred. */
  wire: number;
  /** Body bytes decoded. */
  raw: number;
  done: boolean;
}

/**
 * One page load's network traffic, fed the DevTools protocol's Network events: what is still
 * in flight, when anything last happened, and the bytes of the bodies by kind.
 */
export class NetworkTally {
  private readonly requests = new Map<string, RequestTally>();
  private pending = 0;
  private last: number;

  constructor(private readonly now: () => number = Date.now) {
    this.last = now();
  }

  /** Network.requestWillBeSent (sent again for each redirect of the same request). */
  requestWillBeSent(requestId: string): void {
    if (!this.requests.has(requestId)) {
      this.pending += 1;
      this.requests.set(requestId, { type: '', headerBytes: 0, wire: 0, raw: 0, done: false });
    }
    this.last = this.now();
  }

  /** Network.responseReceived: `encodedDataLength` is what the headers took so far. */
  responseReceived(requestId: string, resourceType: string, mimeType: string, encodedDataLength: number | undefined): void {
    const r = this.requests.get(requestId);
    if (!r) return;
    r.type = resourceType === 'Script' || /javascript/.test(mimeType) ? 'js' : resourceType;
    r.headerBytes = encodedDataLength ?? 0;
  }

  /** Network.dataReceived: `dataLength` decoded bytes arrived. */
  dataReceived(requestId: string, dataLength: number): void {
    const r = this.requests.get(requestId);
    if (r) r.raw += dataLength;
    this.last = this.now();
  }

  /** Network.loadingFinished (`encodedDataLength`: headers and body as transferred) or, with 0, Network.loadingFailed. */
  finished(requestId: string, encodedDataLength: number): void {
    const r = this.requests.get(requestId);
    if (!r || r.done) return;
    r.done = true;
    r.wire = Math.max(0, encodedDataLength - r.headerBytes);
    this.pending -= 1;
    this.last = this.now();
  }

  get inFlight(): number {
    return this.pending;
  }

  /** When a request last started, received data or ended. */
  get lastActivity(): number {
    return this.last;
  }

  /** Nothing in flight and nothing happened for `quietMs`. */
  quietFor(quietMs: number): boolean {
    return this.pending <= 0 && this.now() - this.last >= quietMs;
  }

  /** The bytes the load took: JavaScript on the wire and decoded, how many scripts, and everything on the wire. */
  totals(): Omit<PageLoad, 'lcpMs' | 'lcpElement'> {
    const all = [...this.requests.values()];
    const js = all.filter((r) => r.type === 'js');
    return {
      jsBytesWire: js.reduce((n, r) => n + r.wire, 0),
      jsBytesRaw: js.reduce((n, r) => n + r.raw, 0),
      jsFiles: js.length,
      allBytesWire: all.reduce((n, r) => n + r.wire, 0),
    };
  }
}

/** A table for the console. */
export function formatFigures(figures: readonly PageFigures[], { cpuSlowdown, compress }: { cpuSlowdown?: number; compress?: boolean } = {}): string {
  const kb = (n: number): string => (n / 1024).toFixed(1);
  const lines = [
    `pages (cold cache, CPU slowdown ${cpuSlowdown ?? '?'}x${compress ? ', text compressed as served' : ''})`,
    `${'page'.padEnd(16)} ${'JS wire KB'.padStart(10)} ${'JS raw KB'.padStart(10)} ${'files'.padStart(5)} ${'LCP ms'.padStart(7)}  runs / LCP element`,
  ];
  for (const f of figures) {
    lines.push(`${f.path.padEnd(16)} ${kb(f.jsBytesWire).padStart(10)} ${kb(f.jsBytesRaw).padStart(10)} ${String(f.jsFiles).padStart(5)} ${String(f.lcpMs ?? '-').padStart(7)}  ${f.lcpRunsMs.join('/')} ${f.lcpElement}`);
  }
  return lines.join('\n');
}

/** The command line of pages.ts on its own. */
export interface PagesArgs {
  /** CPU slowdown (1 = none; default 4). */
  cpuSlowdown: number;
  /** Cold loads per page, LCP their median (default 3). */
  runs: number;
  compress: boolean;
  json: boolean;
  /** Measure a running system instead of starting one. */
  baseUrl?: string;
  typeFinderWidgetUrl?: string;
  /** Serve the frontends built in <frontendRoot>/<app>/dist. */
  frontendRoot?: string;
  /** One system, the frontends built in each folder in turn (as given, unresolved). */
  compare?: string[];
}

/** Reads --cpu N, --runs N, --compress, --json, --base-url URL, --typefinder-widget-url URL, --frontend-root DIR, --compare A,B. */
export function parsePagesArgs(args: readonly string[]): PagesArgs {
  const valueOf = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const parsed: PagesArgs = {
    cpuSlowdown: Number(valueOf('--cpu') ?? 4),
    runs: Number(valueOf('--runs') ?? 3),
    compress: args.includes('--compress'),
    json: args.includes('--json'),
  };
  const baseUrl = valueOf('--base-url');
  const typeFinderWidgetUrl = valueOf('--typefinder-widget-url');
  const frontendRoot = valueOf('--frontend-root');
  const compare = valueOf('--compare');
  if (baseUrl !== undefined) parsed.baseUrl = baseUrl;
  if (typeFinderWidgetUrl !== undefined) parsed.typeFinderWidgetUrl = typeFinderWidgetUrl;
  if (frontendRoot !== undefined) parsed.frontendRoot = frontendRoot;
  if (compare !== undefined) parsed.compare = compare.split(',');
  return parsed;
}
