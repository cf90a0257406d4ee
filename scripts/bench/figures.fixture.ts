// Figures of a made-up bench run for the tests of print.ts and summary.ts.
import type { AdminResult } from './admin';
import type { PdfReadFigure, PipelineRun, PipelineStep, StatusCounts } from './pipeline';
import type { RenderFigure } from './render';
import type { BenchResults, PageFigure } from './results';
import type { StaticFigures } from './static';
import type { Summary } from './stats';
import type { WrkResult } from './wrk';

const summary = (p50: number | undefined, p95: number | undefined, p99: number | undefined, max: number | undefined, count = 10): Summary => ({ count, p50, p95, p99, max });
const none = (): StatusCounts => ({ '5xx': 0, 409: 0, other: 0 });
const counts = (save5xx = 0, final409 = 0): Record<PipelineStep, StatusCounts> => ({ save: { ...none(), '5xx': save5xx }, final: { ...none(), 409: final409 }, type: none(), pdf: { ...none(), other: 1 } });
const wrk = (rps: number, p50: number, p99: number, non2xx: number, bytesPerRequest?: number): WrkResult => ({
  requests: 1000,
  rps,
  p50,
  p75: undefined,
  p90: undefined,
  p99,
  non2xx,
  errors: undefined,
  bytesPerRequest,
  raw: '',
});

export const proxy: NonNullable<BenchResults['proxy']> = {
  gateway: { unloaded: wrk(800, 1.234, 3.4, 0), loaded: { ...wrk(9876.4, 5.67, 123.4, 2), cpuUsPerRequest: { gateway: 45.4, 'svc-participants': 80.6, ferretdb: 120.2, 'postgres (backends)': 300.9 } } },
  direct: { unloaded: wrk(900, 0.9, 2, 1), loaded: { ...wrk(10500, 4.2, 99.96, 0), cpuUsPerRequest: { gateway: 0.1, 'svc-participants': 75, ferretdb: 110, 'postgres (backends)': undefined } } },
  nginx: { unloaded: wrk(850, 1.1, 2.5, 0), loaded: { ...wrk(10100, 4.5, 101, 0), cpuUsPerRequest: { gateway: 0, 'svc-participants': 77, nginx: 20.5, ferretdb: 112 } } },
};

export const staticFigures: StaticFigures = {
  files: [
    { name: 'index.html', urlPath: '/', size: 900 },
    { name: 'largest JS (/assets/index-abc.js, 150 KB)', urlPath: '/assets/index-abc.js', size: 153600 },
  ],
  precompressed: ['.gz', '.br'],
  results: {
    'index.html|gateway': { ...wrk(20000, 2.5, 9.1, 0, 512), cpuUsPerRequest: { gateway: 30.2 } },
    'index.html|nginx': { ...wrk(50000, 1.1, 4, 0, 600), cpuUsPerRequest: { nginx: 5.5 } },
    'largest JS (/assets/index-abc.js, 150 KB)|gateway': { ...wrk(3000, 20, 150, 3), cpuUsPerRequest: { gateway: 200 } },
  },
};

export const alone: PipelineRun = {
  rate: 1,
  completions: 60,
  seconds: 60.2,
  save: summary(20.5, 40, 50, 60),
  type: summary(120.4, 140, 150, 160),
  pdf: summary(450, 600, 700, 800),
  counts: counts(),
  errors5xx: 0,
  conflicts409: 0,
  unfinished: 0,
  cost: {
    settledAfterS: 2,
    settled: true,
    cpuMsPerCompletion: { gateway: 3.21, 'svc-participants': 12.5, ferretdb: 20.04, total: 35.75 },
    commandsPerCompletion: 12.34,
    commandsByName: { find: 5.5, insert: 1, update: 3.25, aggregate: 2, delete: 0.5 },
  },
};
const held5: PipelineRun = {
  rate: 5,
  completions: 300,
  seconds: 60.5,
  save: summary(30, 90, 120, 200),
  type: summary(200, 900, 1000, 1100),
  pdf: summary(700, 1900, 2100, 2500),
  counts: counts(),
  errors5xx: 0,
  conflicts409: 0,
  unfinished: 0,
  cost: { settledAfterS: 5, settled: true, cpuMsPerCompletion: { gateway: 2.5, 'svc-participants': 10, 'postgres (backends)': 8, total: 20.5 }, commandsPerCompletion: undefined, commandsByName: undefined },
};
export const missed20: PipelineRun = {
  rate: 20,
  completions: 1200,
  seconds: 61,
  save: summary(40, 300, 500, 900),
  type: summary(500, 1500, 1800, 2000),
  pdf: summary(1500, 2500, 3000, 4000),
  counts: counts(2, 3),
  errors5xx: 2,
  conflicts409: 3,
  unfinished: 4,
  cost: undefined,
};
const nothingFinished30: PipelineRun = {
  rate: 30,
  completions: 1800,
  seconds: 62,
  save: summary(undefined, undefined, undefined, undefined, 0),
  type: summary(undefined, undefined, undefined, undefined, 0),
  pdf: summary(undefined, undefined, undefined, undefined, 0),
  counts: counts(),
  errors5xx: 0,
  conflicts409: 0,
  unfinished: 1800,
  cost: undefined,
};
export const pipeline: PipelineRun[] = [alone, held5, missed20, nothingFinished30];

export const pdfRead: PdfReadFigure = { count: 200, p50: 2.345, p95: 4, p99: 6.78, max: 12.3, bytes: 54321 };

export const idle: NonNullable<BenchResults['idle']> = {
  none: { seconds: 20.04, percent: { gateway: 0.1234, 'svc-participants': 0.5, ferretdb: 1.005, total: 1.6284 } },
  stored: { seconds: 19.96, percent: { gateway: 0.2, 'svc-participants': 0.7, ferretdb: 1.2, 'postgres (backends)': 0.4, total: 2.5 } },
};

const MB = 2 ** 20;
export const render: RenderFigure = {
  renders: 1000,
  count: 1000,
  p50: 35.5,
  p95: 60.25,
  p99: 70,
  max: 150.4,
  bytes: 45678,
  first: { rss: 150 * MB, heapUsed: 40 * MB },
  before: { rss: 180.4 * MB, heapUsed: 50.5 * MB },
  after: { rss: 185.2 * MB, heapUsed: 51 * MB },
};

export const page = (path: string, jsBytesWire: number, jsBytesRaw: number, scripts: number, lcpMs: number | null, lcpElement = 'H1'): PageFigure => ({
  path,
  jsBytesWire,
  jsBytesRaw,
  jsFiles: scripts,
  scripts,
  allBytesWire: jsBytesWire * 2,
  lcpMs,
  lcpElement,
  lcpRunsMs: lcpMs === null ? [] : [lcpMs],
});

export const pages: NonNullable<BenchResults['pages']> = {
  1: { '/': page('/', 160000, 500000, 12, 850, 'H1 Reveal Yourself! and a very long element text beyond forty characters'), '/consent': page('/consent', 180000, 550000, 14, 900, 'P') },
  4: { '/': page('/', 160000, 500000, 12, 2100), '/consent': page('/consent', 180000, 550000, 14, 2600, 'P') },
};

export const admin: AdminResult[] = [
  { id: 'upload', what: 'MBTI upload (6000 rows)', rows: 6000, seconds: 1.5, bytes: 345678 },
  { id: 'reupload', what: 'MBTI upload again', rows: 6000, seconds: 2.5, bytes: 345678 },
  { id: 'stats', what: 'statistics CSV FAILED', rows: 0, seconds: 30.04, bytes: undefined, error: 'timeout' },
  { id: 'roster', what: 'roster CSV', rows: 6000, seconds: 0.25, bytes: 120000 },
  { id: 'enrollment', what: 'enrollment figures', rows: 6000, seconds: 0, bytes: undefined },
  { id: 'export', what: 'analysis export CSV FAILED', rows: 0, seconds: Infinity, bytes: undefined, error: 'the export never answered' },
  { id: 'audit', what: 'audit trail, first page', rows: 50, seconds: 0.04, bytes: undefined },
];

export const results: BenchResults = { storedCount: 6000, quick: false, pipeline, journeyCpuMs: 150.2, idle, proxy, pdfRead, admin, static: staticFigures, render, pages };
