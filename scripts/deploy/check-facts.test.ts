import { containerOf, isTextFile, manifestFiles, parseSmokeParticipant, scrapeVerdict, serviceOf, stopVerdict, stringAt, uncompressed } from './check-facts';

describe('compose names', () => {
  it("names a service's container in the project, and reads the service back", () => {
    expect(containerOf('study-check-42', 'svc-participants')).toBe('study-check-42_svc-participants_1');
    expect(serviceOf('study-check-42', 'study-check-42_svc-participants_1')).toBe('svc-participants');
    expect(serviceOf('study-check-42', 'study-check-42_standin-open-humans_1')).toBe('standin-open-humans');
  });
});

describe('parseSmokeParticipant', () => {
  it('takes the study ID and session the smoke test left, and refuses a file without them', () => {
    const json = { pgId: '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', finalType: 'INTJ', sessionCookie: 'study_session=abc' };
    expect(parseSmokeParticipant(json)).toEqual({ pgId: json.pgId, sessionCookie: 'study_session=abc' });
    expect(() => parseSmokeParticipant({ pgId: json.pgId })).toThrow('participant.json');
    expect(() => parseSmokeParticipant(null)).toThrow('participant.json');
  });
});

describe('stringAt', () => {
  it('follows the keys to a text, and answers undefined where a step or the text is missing', () => {
    const health = { status: 'ok', services: { scoring: { status: 'ready', release: 'check-abc-scoring2' }, reports: { status: 'down' } } };
    expect(stringAt(health, 'services', 'scoring', 'release')).toBe('check-abc-scoring2');
    expect(stringAt(health, 'services', 'reports', 'release')).toBeUndefined();
    expect(stringAt(health, 'services', 'missing', 'release')).toBeUndefined();
    expect(stringAt({ release: 7 }, 'release')).toBeUndefined();
    expect(stringAt({}, 'release')).toBeUndefined();
    expect(stringAt({ release: 'local' }, 'release')).toBe('local');
  });
});

describe('manifestFiles', () => {
  it('lists the remote entry and every exposed and shared chunk a manifest names, once each', () => {
    const manifest = {
      id: 'mf_nardi',
      name: 'mf_nardi',
      metaData: { name: 'mf_nardi', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildName: '@study/mf-nardi' }, publicPath: 'auto' },
      shared: [{ name: 'react', assets: { js: { sync: ['436.c70662ea.js'], async: [] }, css: { sync: [], async: [] } } }],
      exposes: [{ name: 'routes', path: './routes', assets: { js: { sync: ['__federation_expose_routes.9853bb97.js'], async: ['305.87e7f8b9.js', '436.c70662ea.js'] }, css: { sync: ['routes.1a2b3c4d.css'], async: [] } } }],
    };
    expect(manifestFiles(manifest)).toEqual(['305.87e7f8b9.js', '436.c70662ea.js', '__federation_expose_routes.9853bb97.js', 'remoteEntry.js', 'routes.1a2b3c4d.css']);
    expect(manifestFiles(null)).toEqual([]);
  });
});

describe('uncompressed', () => {
  it('names a text answer above 1 KB sent as it is, and any answer but 200', () => {
    const answers = [
      { url: '/main.js', status: 200, encoding: 'br', bytes: 40_000 },
      { url: '/mf/nardi/remoteEntry.js', status: 200, encoding: 'gzip', bytes: 9_000 },
      { url: '/tiny.json', status: 200, encoding: undefined, bytes: 300 },
      { url: '/big.css', status: 200, encoding: undefined, bytes: 5_000 },
      { url: '/gone.js', status: 404, encoding: undefined, bytes: 20 },
    ];
    expect(uncompressed(answers)).toEqual(['/big.css: 200 identity 5000 bytes', '/gone.js: 404 identity 20 bytes']);
    expect(isTextFile('a.js') && isTextFile('index.html') && !isTextFile('photo.png')).toBe(true);
  });
});

describe('stopVerdict', () => {
  it('counts answers across and after the stop signal and 503s with Retry-After, and names every other outcome', () => {
    const signalAt = 10_000;
    const outcomes = [
      { startedAt: 9_000, endedAt: 9_050, status: 200 },
      { startedAt: 9_990, endedAt: 10_030, status: 200 },
      { startedAt: 10_500, endedAt: 10_540, status: 200 },
      { startedAt: 14_000, endedAt: 14_010, status: 503, retryAfter: '5' },
      { startedAt: 14_100, endedAt: 14_110, status: 503 },
      { startedAt: 14_200, endedAt: 14_300, status: 'error' as const, error: 'socket hang up' },
      { startedAt: 14_400, endedAt: 14_410, status: 502 },
    ];
    expect(stopVerdict(outcomes, signalAt)).toEqual({
      across: 1,
      afterSignal: 1,
      refused: 1,
      failed: ['4100 ms after the signal: 503', '4200 ms after the signal: error (socket hang up)', '4400 ms after the signal: 502'],
    });
  });
});

describe('scrapeVerdict', () => {
  const target = (job: string, instance: string, health: string, lastError = '') => ({ labels: { job, instance }, scrapeUrl: `http://${instance}/metrics`, health, lastError });
  const targets = (...active: unknown[]) => ({ status: 'success', data: { activeTargets: active, droppedTargets: [] } });
  const byJob = (...jobs: string[]) => ({ status: 'success', data: { resultType: 'vector', result: jobs.map((job) => ({ metric: { job }, value: [1764260000, '12'] })) } });
  const jobs = ['gateway', 'svc-scoring'];
  const requests = 'count by (job) (study_http_request_duration_seconds_count)';

  it('passes when every job has a target, every target is up and each query has a series per job', () => {
    const answer = targets(target('gateway', 'gateway:9464', 'up'), target('svc-scoring', 'svc-scoring:4102', 'up'));
    expect(scrapeVerdict(answer, jobs, [{ query: requests, jobs: ['svc-scoring'], answer: byJob('svc-scoring') }])).toEqual([]);
  });

  it('names a job without a target, a target not up with its error, and a job missing from a query', () => {
    const answer = targets(target('svc-scoring', 'svc-scoring:4102', 'down', 'connection refused'), target('svc-reports', 'svc-reports:4103', 'up'));
    const expectations = [{ query: requests, jobs: ['svc-scoring', 'svc-reports'], answer: byJob('svc-reports') }];
    expect(scrapeVerdict(answer, jobs, expectations)).toEqual(['gateway: no scrape target', 'svc-scoring (svc-scoring:4102): down (connection refused)', `svc-scoring: no series for ${requests}`]);
    // Scraped but not yet: Prometheus says 'unknown' until the first scrape.
    expect(scrapeVerdict(targets(target('gateway', 'gateway:9464', 'unknown'), target('svc-scoring', 'svc-scoring:4102', 'up')), jobs, [])).toEqual(['gateway (gateway:9464): unknown']);
  });

  it('names an answer that is not the API\'s', () => {
    const problems = scrapeVerdict({ status: 'error', error: 'bad' }, jobs, [{ query: requests, jobs: ['svc-scoring'], answer: 'Not Found' }]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('Prometheus answered no target list');
    expect(problems[1]).toBe(`${requests}: not a query answer: "Not Found"`);
  });
});
