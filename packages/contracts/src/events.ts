import { z } from 'zod';
import { pgIdSchema } from './ids';

/** `<service>.<entity>.<past tense>.v<major>`, lower case; the routing key equals the type. */
export const EVENT_TYPE_PATTERN = /^(participants|scoring|reports)\.[a-z][a-z-]*\.[a-z][a-z-]*\.v[1-9][0-9]*$/;

/** Event types the services publish. A breaking change is a new `.v2` beside `.v1`. */
export const EventTypes = {
  participantConsented: 'participants.participant.consented.v1',
  participantWithdrawn: 'participants.participant.withdrawn.v1',
  participantErased: 'participants.participant.erased.v1',
  surveyCompleted: 'participants.survey.completed.v1',
  surveysReset: 'participants.surveys.reset.v1',
  mbtiUploaded: 'participants.mbti.uploaded.v1',
  nardiScored: 'scoring.nardi.scored.v1',
  scoreFinalized: 'scoring.score.finalized.v1',
  reportGenerated: 'reports.report.generated.v1',
} as const;
export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

/** The topic each service publishes under, for queue bindings such as `participants.#`. */
export const eventSources = ['participants', 'scoring', 'reports'] as const;
export type EventSource = (typeof eventSources)[number];

export function bindingFor(source: EventSource): string {
  return `${source}.#`;
}

/** CloudEvents 1.0 JSON envelope as it travels on the exchange. */
export const cloudEventEnvelopeSchema = z.object({
  specversion: z.literal('1.0'),
  id: z.string().min(1),
  type: z.string().regex(EVENT_TYPE_PATTERN),
  source: z.string().min(1),
  time: z.iso.datetime({ offset: true }),
  subject: pgIdSchema,
  correlationid: z.string().min(1).optional(),
  datacontenttype: z.literal('application/json'),
  data: z.unknown(),
});
export type CloudEventEnvelope = z.infer<typeof cloudEventEnvelopeSchema>;
