import { context, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createEvent, currentCorrelationId, inEventSpan, withCorrelationId } from '@study/event-bus';
import { otlpEndpoint, registerTracing, TracingConfigError } from './register-tracing';
import { withoutStudyIds } from './study-id-scrubber';

const PG_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('otlpEndpoint', () => {
  it('is unset without an endpoint, or when the SDK is disabled', () => {
    expect(otlpEndpoint({})).toBeUndefined();
    expect(otlpEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
  });

  it('takes the traces endpoint over the base one', () => {
    expect(otlpEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://b/v1/traces' })).toBe('https://b/v1/traces');
  });

  it('refuses an address that is not http(s), naming the variable', () => {
    expect(() => otlpEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317' })).toThrow(TracingConfigError);
    expect(() => otlpEndpoint({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be an http\(s\) URL/);
    expect(() => otlpEndpoint({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'not a url' })).toThrow(/OTEL_EXPORTER_OTLP_TRACES_ENDPOINT/);
  });
});

describe('registerTracing', () => {
  it('installs nothing where no endpoint is configured: events carry no trace context', () => {
    expect(registerTracing({ service: 'svc-test', env: {} })).toBeUndefined();
    const event = createEvent({ type: 'scoring.note.taken.v1', source: 'svc-test', subject: PG_ID, data: {} });
    expect(event).not.toHaveProperty('traceparent');
  });

  describe('with a span processor', () => {
    const exporter = new InMemorySpanExporter();
    let shutdown: (() => Promise<void>) | undefined;
    beforeAll(() => {
      shutdown = registerTracing({ service: 'svc-test', release: 'svc-test@1.0.0', env: {}, spanProcessor: new SimpleSpanProcessor(exporter) })?.shutdown;
    });
    afterAll(async () => {
      await shutdown?.();
      trace.disable();
      context.disable();
    });
    beforeEach(() => exporter.reset());

    it('puts the active trace into every event created, and its consumer continues that trace', async () => {
      const tracer = trace.getTracer('test');
      const event = tracer.startActiveSpan('POST /api/user/survey', (span) => {
        const created = createEvent({ type: 'participants.survey.completed.v1', source: 'svc-test', subject: PG_ID, data: {} });
        span.end();
        return created;
      });
      expect(event.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      await inEventSpan(event, { operation: 'process', type: event.type, destination: 'svc-scoring' }, async () => undefined);
      const [request, processed] = exporter.getFinishedSpans();
      expect(processed?.name).toBe('process participants.survey.completed.v1');
      expect(processed?.spanContext().traceId).toBe(request?.spanContext().traceId);
      expect(processed?.parentSpanContext?.spanId).toBe(request?.spanContext().spanId);
      expect(processed?.resource.attributes).toMatchObject({ 'service.name': 'svc-test', 'service.version': 'svc-test@1.0.0' });
    });

    it('marks a failed handling as an error', async () => {
      await expect(inEventSpan({}, { operation: 'process', type: 'scoring.note.taken.v1', destination: 'q' }, () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
      expect(exporter.getFinishedSpans()[0]?.status).toMatchObject({ code: 2, message: 'broken' });
    });

    it('cuts study IDs from span names and attributes before they leave the process', () => {
      const span = trace.getTracer('test').startSpan(`GET /api/admin/participants/${PG_ID}`, { attributes: { 'url.path': `/api/admin/participants/${PG_ID}`, tags: [PG_ID, 'x'], n: 1 } });
      span.end();
      const [ended] = exporter.getFinishedSpans();
      expect(ended?.name).toBe('GET /api/admin/participants/:id');
      expect(ended?.attributes).toEqual({ 'url.path': '/api/admin/participants/:id', tags: [':id', 'x'], n: 1 });
    });
  });
});

describe('withCorrelationId', () => {
  it('gives every event created in it, however deep, the correlation id, without passing it along', async () => {
    const nested = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      return createEvent({ type: 'scoring.note.taken.v1', source: 'svc-test', subject: PG_ID, data: {} });
    };
    const event = await withCorrelationId('req-12345678', nested);
    expect(event.correlationid).toBe('req-12345678');
    expect(currentCorrelationId()).toBeUndefined();
    expect((await nested()).correlationid).toBeUndefined();
    // An explicit id still wins.
    expect(withCorrelationId('req-12345678', () => createEvent({ type: 'scoring.note.taken.v1', source: 's', subject: PG_ID, data: {}, correlationId: 'req-other-1' })).correlationid).toBe('req-other-1');
  });
});

describe('withoutStudyIds', () => {
  it('cuts any UUID, whatever its case', () => {
    expect(withoutStudyIds(`a ${PG_ID.toUpperCase()} b ${PG_ID}`)).toBe('a :id b :id');
  });
});
