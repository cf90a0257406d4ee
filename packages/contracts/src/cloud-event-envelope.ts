import { z } from 'zod';

/** `<producer>.<entity>.<past tense>.v<major>` of any producer: what the event bus carries (this study's own types are EVENT_TYPE_PATTERN). */
export const CLOUD_EVENT_TYPE_PATTERN = /^[a-z]+\.[a-z-]+\.[a-z-]+\.v\d+$/;

/** W3C trace context's traceparent header, version 00. */
export const TRACEPARENT_PATTERN = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

/**
 * The attributes of a CloudEvents 1.0 structured JSON envelope with the `correlationid`
 * extension and the distributed-tracing extension (`traceparent`, `tracestate`: W3C trace
 * context), defined once: the event bus reads envelopes by them (cloudEventSchema) and this
 * study's events narrow them (cloudEventEnvelopeSchema in events.ts).
 */
export const cloudEventAttributes = {
  specversion: z.literal('1.0'),
  id: z.string().min(1),
  type: z.string().regex(CLOUD_EVENT_TYPE_PATTERN, 'type must look like <service>.<entity>.<past-tense>.v<major>'),
  source: z.string().min(1),
  time: z.iso.datetime({ offset: true }),
  subject: z.string().min(1),
  correlationid: z.string().min(1).optional(),
  // W3C trace context says a receiver ignores a traceparent it cannot read and starts a trace of
  // its own: a malformed one never makes the event itself invalid (the propagator drops it).
  traceparent: z.string().max(256).optional().describe('W3C trace context of the span the event was published in: 00-<32 hex trace id>-<16 hex span id>-<2 hex flags> (TRACEPARENT_PATTERN)'),
  tracestate: z.string().max(512).optional().describe('W3C trace context tracestate, carried with traceparent'),
  datacontenttype: z.literal('application/json'),
  data: z.unknown(),
};

/**
 * An envelope as the event bus reads it off the wire or out of an outbox: any producer's type and
 * subject. Loose, so extension attributes other than correlationid and the trace context pass through untouched; the id
 * is capped, as the consumers' inboxes key on it.
 */
export const cloudEventSchema = z.looseObject({ ...cloudEventAttributes, id: cloudEventAttributes.id.max(200) });
