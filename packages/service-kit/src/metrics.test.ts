import request from 'supertest';
import { createHttpApp } from './http-app';
import { memoryLogger } from './memory-logger';
import { metricValue } from './metric-value';
import { consumerMetrics, createServiceMetrics, gaugeReadOnScrape, type ServiceMetrics } from './metrics';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

async function valueOf(metrics: ServiceMetrics, name: string, labels: Record<string, string> = {}): Promise<number> {
  return metricValue(await metrics.registry.metrics(), name, labels);
}

describe('a service app with metrics', () => {
  const metrics = createServiceMetrics('svc-test');
  const app = createHttpApp({
    service: 'svc-test',
    logger: memoryLogger().logger,
    readinessChecks: {},
    metrics,
    routes: (a) => {
      a.get('/api/user/events/:pgId', (_req, res) => {
        res.json({ ok: true });
      });
      a.get('/api/ohready/:masterKey', (_req, res) => {
        res.status(403).json({ ok: false });
      });
    },
  });
  const count = (route: string, status: number) => valueOf(metrics, 'study_http_request_duration_seconds_count', { method: 'GET', route, status: String(status), service: 'svc-test' });

  it('counts each request under its route template and status, never under its path', async () => {
    const before = await count('/api/user/events/:pgId', 200);
    await request(app).get(`/api/user/events/${PG_ID}`).expect(200);
    await request(app).get('/api/user/events/another-id').expect(200);
    expect(await count('/api/user/events/:pgId', 200)).toBe(before + 2);
    await request(app).get('/api/ohready/the-master-key').expect(403);
    expect(await count('/api/ohready/:masterKey', 403)).toBe(1);
    const text = await metrics.registry.metrics();
    expect(text).not.toContain(PG_ID);
    expect(text).not.toContain('the-master-key');
    expect(metricValue(text, 'study_http_request_duration_seconds_bucket', { le: '+Inf', route: '/api/user/events/:pgId', status: '200' })).toBe(before + 2);
  });

  it('counts paths no route answers as unmatched, so a scan of made-up paths adds one series', async () => {
    await request(app).get('/no/such/page/1').expect(404);
    await request(app).get('/no/such/page/2').expect(404);
    expect(await count('unmatched', 404)).toBe(2);
    expect(await metrics.registry.metrics()).not.toContain('/no/such/page');
  });

  it('serves GET /metrics in the text format, itself counted', async () => {
    const res = await request(app).get('/metrics').expect(200).expect('content-type', /text\/plain/);
    expect(res.text).toMatch(/^process_cpu_seconds_total\{service="svc-test"\} /m);
    expect(await count('/metrics', 200)).toBe(1);
  });
});

describe('consumerMetrics', () => {
  it('observes handling by type and outcome and counts retries and dead letters by type', async () => {
    const metrics = createServiceMetrics('svc-test');
    const observer = consumerMetrics(metrics);
    const type = 'participants.survey.completed.v1';
    observer.handled?.(type, 'handled', 0.02);
    observer.handled?.(type, 'failed', 0.3);
    observer.retried?.(type);
    observer.deadLettered?.(type);
    observer.deadLettered?.('invalid');
    expect(await valueOf(metrics, 'study_event_handling_duration_seconds_count', { type, outcome: 'handled', service: 'svc-test' })).toBe(1);
    expect(await valueOf(metrics, 'study_event_handling_duration_seconds_bucket', { le: '0.025', type, outcome: 'handled' })).toBe(1);
    expect(await valueOf(metrics, 'study_event_handling_duration_seconds_bucket', { le: '0.25', type, outcome: 'failed' })).toBe(0);
    expect(await valueOf(metrics, 'study_event_handling_duration_seconds_bucket', { le: '0.5', type, outcome: 'failed' })).toBe(1);
    expect(await valueOf(metrics, 'study_event_retries_total', { type, service: 'svc-test' })).toBe(1);
    expect(await valueOf(metrics, 'study_event_dead_letters_total', { type })).toBe(1);
    expect(await valueOf(metrics, 'study_event_dead_letters_total', { type: 'invalid' })).toBe(1);
  });
});

describe('gaugeReadOnScrape', () => {
  it('reads its value at each scrape', async () => {
    const metrics = createServiceMetrics('svc-test');
    let open = 2;
    gaugeReadOnScrape(metrics, { name: 'study_test_open', help: 'open things' }, () => open);
    expect(await valueOf(metrics, 'study_test_open', { service: 'svc-test' })).toBe(2);
    open = 0;
    expect(await valueOf(metrics, 'study_test_open', { service: 'svc-test' })).toBe(0);
  });
});
