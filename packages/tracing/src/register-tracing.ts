import type { IncomingMessage } from 'node:http';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { RedisInstrumentation } from '@opentelemetry/instrumentation-redis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import { StudyIdScrubber } from './study-id-scrubber';

/** The standard OpenTelemetry variables this reads; the SDK reads the rest (OTEL_TRACES_SAMPLER, OTEL_BSP_*) itself. */
export interface TracingEnvironment {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string;
  OTEL_SDK_DISABLED?: string;
}

export interface TracingOptions {
  /** e.g. 'svc-participants': the traces' service.name. */
  service: string;
  /** The build's release, as /healthz shows it. */
  release?: string;
  env?: TracingEnvironment;
  /** Where spans go instead of OTLP (tests). */
  spanProcessor?: SpanProcessor;
}

export interface Tracing {
  /** Exports what is still buffered and stops; the process exits after it by itself. */
  shutdown(): Promise<void>;
}

export class TracingConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TracingConfigError';
  }
}

/** Health checks, probes and scrapes would be most of the spans and none of the story. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/livez', '/metrics']);

function untraced(req: IncomingMessage): boolean {
  const path = (req.url ?? '').split('?')[0] ?? '';
  return UNTRACED_PATHS.has(path);
}

/** The OTLP endpoint when one is configured, checked: an unusable address stops start-up rather than losing every trace quietly. */
export function otlpEndpoint(env: TracingEnvironment): string | undefined {
  if (env.OTEL_SDK_DISABLED === 'true') return undefined;
  const [name, value] = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
    ? ['OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT]
    : ['OTEL_EXPORTER_OTLP_ENDPOINT', env.OTEL_EXPORTER_OTLP_ENDPOINT];
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TracingConfigError(`${name} must be an http(s) URL such as http://otel-collector:4318, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TracingConfigError(`${name} must be an http(s) URL (OTLP over HTTP), not "${value}"`);
  return value;
}

/**
 * Traces this process when an OTLP endpoint is configured (or a span processor is given):
 * W3C trace context in and out of every HTTP call, spans for express routes, MongoDB, Redis and
 * fetch, batched to OTLP over HTTP. Without an endpoint nothing is installed, so tracing costs
 * nothing where nobody collects it. Must run before express, mongodb or redis is first required:
 * each service's main.ts imports its tracing module first.
 */
export function registerTracing(options: TracingOptions): Tracing | undefined {
  const env = options.env ?? (process.env as TracingEnvironment);
  const endpoint = otlpEndpoint(env);
  if (!endpoint && !options.spanProcessor) return undefined;
  // The exporter reads the endpoint (and OTEL_EXPORTER_OTLP_HEADERS) from the environment itself, adding /v1/traces to the base one.
  const exporting = options.spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter());
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.service, ...(options.release ? { [ATTR_SERVICE_VERSION]: options.release } : {}) }),
    spanProcessors: [new StudyIdScrubber(), exporting],
  });
  // The async-hooks context manager and the W3C traceparent/baggage propagators.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: untraced, ignoreOutgoingRequestHook: (req) => UNTRACED_PATHS.has(String(req.path ?? '').split('?')[0] ?? '') }),
      new ExpressInstrumentation(),
      // Statements are reported with their values replaced by '?' (no enhancedDatabaseReporting).
      new MongoDBInstrumentation(),
      // The command only: keys hold study IDs and values hold sessions.
      new RedisInstrumentation({ dbStatementSerializer: (command) => command }),
      new UndiciInstrumentation(),
    ],
  });
  let stopping: Promise<void> | undefined;
  const shutdown = () => (stopping ??= provider.shutdown().catch(() => undefined));
  // The process ends by itself once a service has stopped: the last spans go out first.
  process.once('beforeExit', () => void shutdown());
  return { shutdown };
}

/** registerTracing for a process's entry point: a configuration error stops it with the message, as the services' own settings do. */
export function traceProcess(options: TracingOptions): Tracing | undefined {
  try {
    return registerTracing(options);
  } catch (err) {
    if (!(err instanceof TracingConfigError)) throw err;
    process.stderr.write(`${options.service}: ${err.message}\n`);
    process.exit(1);
  }
}
