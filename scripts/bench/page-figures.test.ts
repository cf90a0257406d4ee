import { DEFAULT_PAGES, formatFigures, lcpMarkOf, median, NetworkTally, parsePagesArgs, summarisePage, type PageFigures, type PageLoad } from './page-figures';

const load = (lcpMs: number | null, jsBytesWire: number, lcpElement = `H1 run ${lcpMs}`): PageLoad => ({ lcpMs, lcpElement, jsBytesWire, jsBytesRaw: jsBytesWire * 3, jsFiles: 4, allBytesWire: jsBytesWire + 100 });

describe('median', () => {
  it('the middle value of an odd count, the lower middle of an even count, whatever the order', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([400, 100, 300, 200])).toBe(200);
  });

  it('null for no values', () => {
    expect(median([])).toBeNull();
  });
});

describe('summarisePage', () => {
  it('reports the median paint and the weight of the run that painted it', () => {
    const figures = summarisePage('/consent', [load(900, 1000), load(500, 2000), load(700, 3000)]);
    expect(figures).toEqual({ path: '/consent', lcpMs: 700, lcpElement: 'H1 run 700', jsBytesWire: 3000, jsBytesRaw: 9000, jsFiles: 4, allBytesWire: 3100, lcpRunsMs: [900, 500, 700] });
  });

  it('leaves out runs that reported no paint', () => {
    const figures = summarisePage('/', [load(null, 1000), load(800, 2000), load(600, 3000)]);
    expect(figures.lcpRunsMs).toEqual([800, 600]);
    expect(figures.lcpMs).toBe(600);
    expect(figures.jsBytesWire).toBe(3000);
  });

  it('with no paint at all: no LCP, the first run\'s weight', () => {
    const figures = summarisePage('/', [load(null, 1000, ''), load(null, 2000, '')]);
    expect(figures.lcpMs).toBeNull();
    expect(figures.lcpRunsMs).toEqual([]);
    expect(figures.jsBytesWire).toBe(1000);
  });

  it('refuses a page with no run', () => {
    expect(() => summarisePage('/nardi', [])).toThrow('no load of /nardi');
  });
});

describe('lcpMarkOf', () => {
  it('reads what the observer stored', () => {
    expect(lcpMarkOf({ lcp: 812.4, element: 'H1 Reveal Yourself!' })).toEqual({ lcp: 812.4, element: 'H1 Reveal Yourself!' });
  });

  it('no paint when the page holds nothing or something else', () => {
    expect(lcpMarkOf(undefined)).toEqual({ lcp: null, element: '' });
    expect(lcpMarkOf({ lcp: null, element: '' })).toEqual({ lcp: null, element: '' });
    expect(lcpMarkOf({ lcp: '5', element: 7 })).toEqual({ lcp: null, element: '' });
  });
});

describe('NetworkTally', () => {
  const clock = (): { now: () => number; advance: (ms: number) => void } => {
    let t = 1000;
    return { now: () => t, advance: (ms) => (t += ms) };
  };

  it('adds up scripts (by resource type or MIME type) apart from everything, body bytes on the wire without the headers', () => {
    const network = new NetworkTally(clock().now);
    network.requestWillBeSent('doc');
    network.responseReceived('doc', 'Document', 'text/html', 200);
    network.dataReceived('doc', 5000);
    network.finished('doc', 1200);
    network.requestWillBeSent('main');
    network.responseReceived('main', 'Script', 'application/javascript', 300);
    network.dataReceived('main', 30_000);
    network.dataReceived('main', 10_000);
    network.finished('main', 10_300);
    network.requestWillBeSent('remote');
    network.responseReceived('remote', 'Fetch', 'text/javascript; charset=utf-8', 250);
    network.dataReceived('remote', 8000);
    network.finished('remote', 2250);
    expect(network.totals()).toEqual({ jsBytesWire: 12_000, jsBytesRaw: 48_000, jsFiles: 2, allBytesWire: 13_000 });
  });

  it('counts what is in flight once per request (a redirect sends the same id again) and a failure as finished with nothing', () => {
    const network = new NetworkTally(clock().now);
    network.requestWillBeSent('a');
    network.requestWillBeSent('a');
    network.requestWillBeSent('b');
    expect(network.inFlight).toBe(2);
    network.finished('a', 100);
    network.finished('a', 100);
    expect(network.inFlight).toBe(1);
    network.finished('b', 0);
    expect(network.inFlight).toBe(0);
    expect(network.totals().allBytesWire).toBe(100);
  });

  it('is quiet once nothing is in flight and nothing happened for the given time', () => {
    const time = clock();
    const network = new NetworkTally(time.now);
    network.requestWillBeSent('a');
    time.advance(2000);
    expect(network.quietFor(1500)).toBe(false);
    network.finished('a', 10);
    expect(network.lastActivity).toBe(3000);
    time.advance(1000);
    expect(network.quietFor(1500)).toBe(false);
    time.advance(500);
    expect(network.quietFor(1500)).toBe(true);
    network.dataReceived('late', 10);
    expect(network.quietFor(1500)).toBe(false);
  });

  it('ignores answers and data of requests it never saw start', () => {
    const network = new NetworkTally(clock().now);
    network.responseReceived('x', 'Script', 'application/javascript', 10);
    network.finished('x', 500);
    expect(network.totals()).toEqual({ jsBytesWire: 0, jsBytesRaw: 0, jsFiles: 0, allBytesWire: 0 });
    expect(network.inFlight).toBe(0);
  });
});

describe('formatFigures', () => {
  it('one line a page in KB, the runs and the painted element after', () => {
    const figures: PageFigures[] = [
      { path: '/', jsBytesWire: 102_400, jsBytesRaw: 307_200, jsFiles: 6, allBytesWire: 120_000, lcpMs: 640, lcpElement: 'H1 Reveal Yourself!', lcpRunsMs: [700, 640, 600] },
      { path: '/mbti-load', jsBytesWire: 512, jsBytesRaw: 1024, jsFiles: 1, allBytesWire: 2048, lcpMs: null, lcpElement: '', lcpRunsMs: [] },
    ];
    expect(formatFigures(figures, { cpuSlowdown: 4, compress: true }).split('\n')).toEqual([
      'pages (cold cache, CPU slowdown 4x, text compressed as served)',
      'page             JS wire KB  JS raw KB files  LCP ms  runs / LCP element',
      '/                     100.0      300.0     6     640  700/640/600 H1 Reveal Yourself!',
      '/mbti-load              0.5        1.0     1       -   ',
    ]);
  });

  it('says when the slowdown is not known', () => {
    expect(formatFigures([])).toBe('pages (cold cache, CPU slowdown ?x)\npage             JS wire KB  JS raw KB files  LCP ms  runs / LCP element');
  });
});

describe('parsePagesArgs', () => {
  it('defaults: 4x slowdown, 3 runs, uncompressed, a table, a system of its own', () => {
    expect(parsePagesArgs([])).toEqual({ cpuSlowdown: 4, runs: 3, compress: false, json: false });
  });

  it('reads every option', () => {
    expect(parsePagesArgs(['--cpu', '1', '--runs', '5', '--compress', '--json', '--base-url', 'http://127.0.0.1:8080', '--typefinder-widget-url', 'http://127.0.0.1:4300/widget', '--frontend-root', 'old', '--compare', 'a,b'])).toEqual({
      cpuSlowdown: 1,
      runs: 5,
      compress: true,
      json: true,
      baseUrl: 'http://127.0.0.1:8080',
      typeFinderWidgetUrl: 'http://127.0.0.1:4300/widget',
      frontendRoot: 'old',
      compare: ['a', 'b'],
    });
  });
});

describe('DEFAULT_PAGES', () => {
  it('looks at the participant pages as participants, the rest as a visitor', () => {
    expect(DEFAULT_PAGES.filter((p) => p.as !== undefined).map((p) => `${p.path} ${p.as}`)).toEqual(['/survey dueForNardi', '/nardi dueForNardi', '/nardi-report nardiDone']);
  });
});
