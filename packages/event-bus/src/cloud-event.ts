import { randomUUID } from 'node:crypto';
import { CLOUD_EVENT_TYPE_PATTERN, cloudEventSchema, type EventDefinition } from '@study/contracts';
import type { z } from 'zod';
import { currentCorrelationId, traceAttributesOf } from './trace-context';

/** `<service>.<entity>.<past tense>.v<major>`, e.g. `participants.survey.completed.v1`; also the routing key. */
export const EVENT_TYPE_REGEX = CLOUD_EVENT_TYPE_PATTERN;

/** CloudEvents 1.0 structured JSON envelope, with the `correlationid` and distributed-tracing extensions. */
export interface CloudEvent<T = unknown> {
  specversion: '1.0';
  id: string;
  type: string;
  source: string;
  time: string;
  subject: string;
  correlationid?: string;
  traceparent?: string;
  tracestate?: string;
  datacontenttype: 'application/json';
  data: T;
}

// The one envelope schema, shared with the contracts' JSON Schema (@study/contracts).
export { cloudEventSchema };

export class InvalidCloudEventError extends Error {
  constructor(
    message: string,
    readonly issues: readonly string[] = [],
  ) {
    super(message);
    this.name = 'InvalidCloudEventError';
  }
}

export interface CreateEventInput<T> {
  type: string;
  source: string;
  /** The entity the event is about; in this system the pgId. */
  subject: string;
  data: T;
  /** The request id that caused the event, carried on as `correlationid`; by default the one of the work running (withCorrelationId). */
  correlationId?: string;
  /** Defaults to a random UUID; pass one to make re-publishing the same fact idempotent. */
  id?: string;
  time?: Date;
}

/**
 * Builds a valid envelope of any type (services use eventOf), in the trace and with the
 * correlation id of the work creating it; throws InvalidCloudEventError for a bad type, source or subject.
 */
export function createEvent<T>(input: CreateEventInput<T>): CloudEvent<T> {
  const correlationId = input.correlationId ?? currentCorrelationId();
  const event: CloudEvent<T> = {
    specversion: '1.0',
    id: input.id ?? randomUUID(),
    type: input.type,
    source: input.source,
    time: (input.time ?? new Date()).toISOString(),
    subject: input.subject,
    ...(correlationId !== undefined ? { correlationid: correlationId } : {}),
    ...traceAttributesOf(),
    datacontenttype: 'application/json',
    data: input.data,
  };
  parseCloudEvent(event);
  return event;
}

/** What eventOf takes besides the definition: the type comes from it. */
export type EventOfInput<T> = Omit<CreateEventInput<T>, 'type'>;

/**
 * An event of a defined type, its data typed by the definition's schema (as the producer sends
 * it; handlers parse it on arrival). Throws InvalidCloudEventError as createEvent does.
 */
export function eventOf<S extends z.ZodType>(definition: EventDefinition<S>, input: EventOfInput<z.input<S>>): CloudEvent<z.input<S>> {
  return createEvent({ ...input, type: definition.type });
}

/** Validates an envelope received from the wire (or the outbox); throws InvalidCloudEventError. */
export function parseCloudEvent(raw: unknown): CloudEvent {
  const result = cloudEventSchema.safeParse(raw);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(envelope)'}: ${issue.message}`);
    throw new InvalidCloudEventError(`Invalid CloudEvent: ${issues.join('; ')}`, issues);
  }
  if (!('data' in (raw as object))) throw new InvalidCloudEventError('Invalid CloudEvent: data: missing', ['data: missing']);
  return result.data as CloudEvent;
}
