import { getClient } from '@sentry/react';
import { clientOptions, closeErrorReporting, describeRemotes, ERROR_SAMPLE_RATE, initErrorReporting, noteRemoteBuild, reportBoundaryError, reportRemoteLoadFailure, TRACES_SAMPLE_RATE, type ErrorReportingSettings } from './index';
import { forgetRemotes } from './remotes';
import { reportRecorder } from './testing';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const PATTERNS = ['/', '/survey/:pgId', '/nardi', '/nardi/part-one'];

const recorder = reportRecorder();

function settings(): ErrorReportingSettings {
  return {
    release: '@study/shell@0.2.0',
    routePatterns: PATTERNS,
    pageUrl: window.location.href,
    currentPath: () => window.location.pathname,
    transport: recorder.transport,
  };
}

const reportsSent = () => recorder.reportsSent();

beforeAll(() => {
  // jsdom has no performance timeline; the tracing integration reads it as browsers have it.
  if (typeof performance.getEntriesByType !== 'function') Object.assign(performance, { getEntriesByType: () => [] });
});

beforeEach(() => {
  recorder.clear();
  forgetRemotes();
  describeRemotes([{ name: 'mf_nardi', entry: '/mf/nardi/mf-manifest.json', paths: ['/nardi'] }], window.location.href);
  noteRemoteBuild('mf_nardi', { buildName: '@study/mf-nardi', buildVersion: '0.2.0' });
  initErrorReporting(settings());
});

afterEach(async () => {
  await closeErrorReporting();
  window.history.pushState({}, '', '/');
});

describe('the client options', () => {
  it('report every error, trace 5% of page loads, and send to the gateway only what the reports need', () => {
    const options = clientOptions(settings());
    expect(ERROR_SAMPLE_RATE).toBe(1);
    expect(TRACES_SAMPLE_RATE).toBe(0.05);
    expect(options).toMatchObject({ sampleRate: 1, tracesSampleRate: 0.05, tunnel: '/api/error-reports', tracePropagationTargets: [], maxBreadcrumbs: 0 });
    expect(options.dsn).toBe(`http://study@${window.location.host}/1`);
    expect(options.integrations.map((integration) => integration.name).sort()).toEqual(['Dedupe', 'GlobalHandlers', 'LinkedErrors']);
  });

  it('add the browser tracing, from its own file, once the client runs', async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await import('./tracing');
    for (let tries = 0; !getClient()?.getIntegrationByName('BrowserTracing') && tries < 50; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getClient()?.getIntegrationByName('BrowserTracing')).toBeDefined();
  });
});

describe('reports', () => {
  it("an error boundary's catch: its route template, the remote and the remote's release, no study ID", async () => {
    window.history.pushState({}, '', '/nardi/part-one');
    reportBoundaryError(new Error(`part one failed for ${PG_ID}`), { remote: 'mf_nardi', componentStack: '\n    at PartOnePage\n    at NardiRoutes' });
    const reports = await reportsSent();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ route: '/nardi/part-one', remote: 'mf_nardi', release: '@study/mf-nardi@0.2.0', kind: 'boundary', message: 'Error: part one failed for :id' });
    expect(recorder.bodies().join('\n')).not.toContain(PG_ID);
  });

  it("the shell's own errors with the shell's release, the page by its template", async () => {
    window.history.pushState({}, '', `/survey/${PG_ID}`);
    reportBoundaryError(new Error('layout failed'));
    const [report] = await reportsSent();
    expect(report).toMatchObject({ route: '/survey/:pgId', remote: 'shell', release: '@study/shell@0.2.0', kind: 'boundary' });
    expect(recorder.bodies().join('\n')).not.toContain(PG_ID);
  });

  it('an unhandled rejection with no stack belongs to the remote whose page is open', async () => {
    window.history.pushState({}, '', '/nardi');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'the Nardi answers were not saved', promise: Promise.resolve() }));
    const [report] = await reportsSent();
    expect(report).toMatchObject({ route: '/nardi', remote: 'mf_nardi', release: '@study/mf-nardi@0.2.0', kind: 'unhandled-rejection' });
  });

  it('a remote that could not be loaded, with the release its manifest names', async () => {
    window.history.pushState({}, '', '/nardi');
    reportRemoteLoadFailure('mf_nardi', new Error('chunk 305 failed to load'));
    const [report] = await reportsSent();
    expect(report).toMatchObject({ route: '/nardi', remote: 'mf_nardi', release: '@study/mf-nardi@0.2.0', kind: 'remote-load', message: 'Error: chunk 305 failed to load' });
  });

  it('is set up once: a second set-up keeps the first client and sends each report once', async () => {
    initErrorReporting({ ...settings(), release: '@study/shell@9.9.9' });
    reportBoundaryError(new Error('once'));
    const reports = await reportsSent();
    expect(reports.map((r) => r.release)).toEqual(['@study/shell@0.2.0']);
  });
});
