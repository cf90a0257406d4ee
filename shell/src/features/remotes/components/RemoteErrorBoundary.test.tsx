import { render, screen } from '@testing-library/react';
import { closeErrorReporting, describeRemotes, initErrorReporting, noteRemoteBuild } from '@study/error-reporting';
import { reportRecorder } from '@study/error-reporting/testing';
import { RemoteArea } from './RemoteArea';

const recorder = reportRecorder();
const reportsSent = () => recorder.reportsSent();

beforeAll(() => {
  // jsdom has no performance timeline; the tracing integration reads it as browsers have it.
  if (typeof performance.getEntriesByType !== 'function') Object.assign(performance, { getEntriesByType: () => [] });
});

beforeEach(() => {
  recorder.clear();
  initErrorReporting({
    release: '@study/shell@0.2.0',
    routePatterns: ['/', '/nardi', '/nardi/part-one'],
    pageUrl: window.location.href,
    currentPath: () => window.location.pathname,
    transport: recorder.transport,
  });
  describeRemotes([{ name: 'mf_nardi', entry: '/mf/nardi/mf-manifest.json', paths: ['/nardi'] }], window.location.href);
  noteRemoteBuild('mf_nardi', { buildName: '@study/mf-nardi', buildVersion: '0.2.0' });
  window.history.pushState({}, '', '/nardi/part-one');
});

afterEach(async () => {
  await closeErrorReporting();
  window.history.pushState({}, '', '/');
});

describe("a remote's area reports", () => {
  it('a render error its boundary caught, once, with the route, the remote and its release', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('part one failed');
    }
    render(<RemoteArea remote="mf_nardi" load={async () => Broken} />);
    expect(await screen.findByText('This part of the site could not be loaded.')).toBeTruthy();
    const reports = await reportsSent();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ route: '/nardi/part-one', remote: 'mf_nardi', release: '@study/mf-nardi@0.2.0', kind: 'boundary', message: 'Error: part one failed' });
    consoleError.mockRestore();
  });

  it('a remote that could not be loaded', async () => {
    render(<RemoteArea remote="mf_nardi" load={async () => Promise.reject(new Error('Loading chunk 305 failed.'))} />);
    expect(await screen.findByText('This part of the site could not be loaded.')).toBeTruthy();
    const reports = await reportsSent();
    expect(reports.map((r) => [r.kind, r.remote, r.release, r.route, r.message])).toEqual([['remote-load', 'mf_nardi', '@study/mf-nardi@0.2.0', '/nardi/part-one', 'Error: Loading chunk 305 failed.']]);
  });
});
