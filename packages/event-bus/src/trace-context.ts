import { AsyncLocalStorage } from 'node:async_hooks';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Context, type Span } from '@opentelemetry/api';

/**
 * The CloudEvents distributed-tracing extension: the W3C trace context an event was created
 * (or last published) in. The outbox publishes an event after the request that wrote it has
 * ended, on another call stack, so the context travels in the envelope, not in the broker's
 * message headers.
 */
export interface TraceAttributes {
  traceparent?: string;
  tracestate?: string;
}

/** The active span's trace context as envelope attributes; {} when nothing is traced (no SDK registered, or no span). */
export function traceAttributesOf(ctx: Context = context.active()): TraceAttributes {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return { ...(carrier.traceparent ? { traceparent: carrier.traceparent } : {}), ...(carrier.tracestate ? { tracestate: carrier.tracestate } : {}) };
}

/** The context an envelope's attributes name, to start the next span of its trace in. */
export function contextOfEvent(event: TraceAttributes): Context {
  const carrier: Record<string, string> = {};
  if (event.traceparent) carrier.traceparent = event.traceparent;
  if (event.tracestate) carrier.tracestate = event.tracestate;
  return propagation.extract(ROOT_CONTEXT, carrier);
}

const tracer = () => trace.getTracer('@study/event-bus');

interface EventSpan {
  /** 'publish' on the way to the broker, 'process' when a consumer handles it. */
  operation: 'publish' | 'process';
  type: string;
  /** The exchange published to, or the queue consumed from. */
  destination: string;
  attempt?: number;
}

/**
 * Runs fn in a span of the event's trace (a PRODUCER span for a publish, a CONSUMER span for a
 * handling); a throw marks it failed. fn can mark it failed itself (failSpan) when it handles
 * the error. Without a registered SDK the span records nothing and costs next to nothing.
 */
export function inEventSpan<T>(event: TraceAttributes, span: EventSpan, fn: (active: Span) => Promise<T>): Promise<T> {
  const attributes = {
    'messaging.system': 'rabbitmq',
    'messaging.operation.type': span.operation,
    'messaging.destination.name': span.destination,
    'cloudevents.event_type': span.type,
    ...(span.attempt !== undefined ? { 'messaging.rabbitmq.attempt': span.attempt } : {}),
  };
  const kind = span.operation === 'publish' ? SpanKind.PRODUCER : SpanKind.CONSUMER;
  return tracer().startActiveSpan(`${span.operation} ${span.type}`, { kind, attributes }, contextOfEvent(event), async (active) => {
    try {
      return await fn(active);
    } catch (err) {
      failSpan(active, err);
      throw err;
    } finally {
      active.end();
    }
  });
}

/** Marks a span failed with the error (the span still ends where it was started). */
export function failSpan(span: Span, err: unknown): void {
  if (err instanceof Error) span.recordException(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
}

const correlation = new AsyncLocalStorage<string>();

/**
 * Runs fn with `id` as the correlation id of every event created in it, however deep: the
 * request id of an HTTP call (service-kit's requestId middleware) or the correlation id of the
 * event a consumer handles. Use cases never pass it along by hand.
 */
export function withCorrelationId<T>(id: string | undefined, fn: () => T): T {
  return id ? correlation.run(id, fn) : fn();
}

/** The correlation id of the work running now, if any. */
export function currentCorrelationId(): string | undefined {
  return correlation.getStore();
}
