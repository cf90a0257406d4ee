import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** `<service>.<entity>.<past tense>.v<major>`, e.g. `participants.survey.completed.v1`; also the routing key. */
export const EVENT_TYPE_REGEX = /^[a-z]+\.[a-z-]+\.[a-z-]+\.v\d+$/;

/** CloudEvents 1.0 structured JSON envelope, with the `correlationid` extension. */
export interface CloudEvent<T = unknown> {
  specversion: '1.0';
  id: string;
  type: string;
  source: string;
  time: string;
  subject: string;
  correlationid?: string;
  datacontenttype: 'application/json';
  data: T;
}

// Loose: extension attributes other than correlationid pass through untouched.
export const cloudEventSchema = z.looseObject({
  specversion: z.literal('1.0'),
  id: z.string().min(1).max(200),
  type: z.string().regex(EVENT_TYPE_REGEX, 'type must look like <service>.<entity>.<past-tense>.v<major>'),
  source: z.string().min(1),
  time: z.iso.datetime({ offset: true }),
  subject: z.string().min(1),
  correlationid: z.string().min(1).optional(),
  datacontenttype: z.literal('application/json'),
  data: z.unknown(),
});

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
  /** The request id that caused the event, carried on as `correlationid`. */
  correlationId?: string;
  /** Defaults to a random UUID; pass one to make re-publishing the same fact idempotent. */
  id?: string;
  time?: Date;
}

/** Builds a valid envelope; throws InvalidCloudEventError for a bad type, source or subject. */
export function createEvent<T>(input: CreateEventInput<T>): CloudEvent<T> {
  const event: CloudEvent<T> = {
    specversion: '1.0',
    id: input.id ?? randomUUID(),
    type: input.type,
    source: input.source,
    time: (input.time ?? new Date()).toISOString(),
    subject: input.subject,
    ...(input.correlationId !== undefined ? { correlationid: input.correlationId } : {}),
    datacontenttype: 'application/json',
    data: input.data,
  };
  parseCloudEvent(event);
  return event;
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
