import { z } from 'zod';

/** `<producer>.<entity>.<past tense>.v<major>` of any producer: what the event bus carries (this study's own types are EVENT_TYPE_PATTERN). */
export const CLOUD_EVENT_TYPE_PATTERN = /^[a-z]+\.[a-z-]+\.[a-z-]+\.v\d+$/;

/**
 * The attributes of a CloudEvents 1.0 structured JSON envelope with the `correlationid`
 * extension, defined once: the event bus reads envelopes by them (cloudEventSchema) and this
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
  datacontenttype: z.literal('application/json'),
  data: z.unknown(),
};

/**
 * An envelope as the event bus reads it off the wire or out of an outbox: any producer's type and
 * subject. Loose, so extension attributes other than correlationid pass through untouched; the id
 * is capped, as the consumers' inboxes key on it.
 */
export const cloudEventSchema = z.looseObject({ ...cloudEventAttributes, id: cloudEventAttributes.id.max(200) });
