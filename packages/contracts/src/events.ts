import { z } from 'zod';
import { consentHashSchema, consentVersionIdSchema } from './consent-versions';
import { cloudEventAttributes } from './cloud-event-envelope';
import { mbtiUploadedDataSchema, scoreClearedDataSchema, scoreFinalizedDataSchema } from './final-score';
import { pgIdSchema } from './ids';
import { CONFIDENCE_LEVELS } from '@study/personality';
import { nardiAnswersSchema, nardiScoresSchema } from './nardi';
import { reportGeneratedDataSchema, reportGeneratedV2DataSchema } from './reports';
import type { ServiceName } from './routes';
import { functionalPairCodeSchema, surveyIdSchema, temperamentCodeSchema, typeCodeSchema } from './surveys';

/** `<service>.<entity>.<past tense>.v<major>`, lower case; the routing key equals the type. */
export const EVENT_TYPE_PATTERN = /^(participants|scoring|reports)\.[a-z][a-z-]*\.[a-z][a-z-]*\.v[1-9][0-9]*$/;

/** An event version no longer published nor handled, kept on record. */
export interface RetiredEventType {
  type: string;
  /** YYYY-MM-DD */
  retiredOn: string;
  reason: string;
}

/**
 * Versions taken out of `events` (and so of EventTypes). A version is retired only once no
 * service handles it any more (an `on(events.x, ...)` of it no longer compiles, and the contract
 * test finds no service naming it); its committed JSON Schema stays in packages/contracts/snapshots.
 */
export const RETIRED_EVENT_TYPES: readonly RetiredEventType[] = [];

/** The topic a service publishes under, for queue bindings such as `participants.#`. */
export type EventTopic = ServiceName;

export function bindingFor(topic: EventTopic): string {
  return `${topic}.#`;
}

/**
 * CloudEvents 1.0 JSON envelope of this study's events as they travel on the exchange: the bus's
 * envelope (cloud-event-envelope.ts) with one of this study's types and the study ID as subject.
 */
export const cloudEventEnvelopeSchema = z.object({ ...cloudEventAttributes, type: z.string().regex(EVENT_TYPE_PATTERN), subject: pgIdSchema });
export type CloudEventEnvelope = z.infer<typeof cloudEventEnvelopeSchema>;

/** data of participants.participant.consented.v1 (subject: the pgId). */
export const participantConsentedDataSchema = z.object({
  /** True when the participant's Open Humans data holds a genotype file. */
  snpFileUploaded: z.boolean(),
  /** True when this member had consented before (same pgId again). */
  reauthorized: z.boolean(),
  /** The consent version agreed to; absent when the page that asked did not say. */
  consentVersionId: consentVersionIdSchema.optional(),
  /** The SHA-256 of that version's text. */
  consentHash: consentHashSchema.optional(),
  /** True when the participant certified being 18 or older; absent when the page did not say. */
  adultCertified: z.boolean().optional(),
  /** True when this is an agreement to a new consent text, given on the dashboard without a new authorization. */
  renewal: z.boolean().optional(),
});
export type ParticipantConsentedData = z.infer<typeof participantConsentedDataSchema>;

/**
 * data of participants.participant.erased.v1: the participant asked for erasure. Every service
 * deletes all it holds for the subject pgId.
 */
export const participantErasedDataSchema = z.object({
  erasedAt: z.iso.datetime({ offset: true }),
  /** Who asked (added later, so optional; absent: Open Humans' deauthorization). */
  initiatedBy: z.enum(['open-humans', 'participant']).optional(),
});
export type ParticipantErasedData = z.infer<typeof participantErasedDataSchema>;

/**
 * data of participants.consent.withdrawn.v1: the participant left the study keeping their data
 * (consent false, Open Humans tokens gone); `initiatedBy` says who asked: Open Humans'
 * deauthorization or the participant from the dashboard. Consumer: svc-participants (the
 * audit trail); no other service acts on a withdrawal (only an erasure reaches them).
 */
export const consentWithdrawnDataSchema = z.object({
  withdrawnAt: z.iso.datetime({ offset: true }),
  initiatedBy: z.enum(['open-humans', 'participant']),
});
export type ConsentWithdrawnData = z.infer<typeof consentWithdrawnDataSchema>;

/** data of participants.surveys.reset.v1: these surveys are back to pending with no answers; the final score is cleared. */
export const surveysResetDataSchema = z.object({ surveys: z.array(surveyIdSchema) });
export type SurveysResetData = z.infer<typeof surveysResetDataSchema>;

/**
 * data of participants.nardi.answered.v1: the participant saved Nardi part one (status part-one);
 * the 25 answers as saved. A later save of part one replaces them.
 */
export const nardiAnsweredDataSchema = z.object({ answers: nardiAnswersSchema });
export type NardiAnsweredData = z.infer<typeof nardiAnsweredDataSchema>;

/**
 * data of participants.survey.completed.v1, by survey: the type it produced, and what scoring
 * needs of it: for Nardi the part-one answers and the part two to four choices (typeCode is the
 * part-four choice), for the self-assessment the stated type and confidence. The official MBTI
 * survey completes without a type (its result is uploaded later).
 */
export const surveyCompletedDataSchema = z.discriminatedUnion('surveyId', [
  z.object({ surveyId: z.literal('typeFinder'), status: z.literal('completed'), typeCode: typeCodeSchema }),
  z.object({
    surveyId: z.literal('nardi'),
    status: z.literal('completed'),
    typeCode: typeCodeSchema,
    answers: nardiAnswersSchema,
    selectedTemperament: temperamentCodeSchema,
    selectedFP: functionalPairCodeSchema,
    selectedTypeCode: typeCodeSchema,
  }),
  z.object({
    surveyId: z.literal('selfAssessment'),
    status: z.literal('completed'),
    typeCode: typeCodeSchema,
    personalityType: typeCodeSchema,
    confidence: z.enum(CONFIDENCE_LEVELS),
  }),
  z.object({ surveyId: z.literal('mbti'), status: z.literal('completed') }),
]);
export type SurveyCompletedData = z.infer<typeof surveyCompletedDataSchema>;

/** data of participants.survey.rejected.v1: the participant declined the survey (self-assessment or Nardi). */
export const surveyRejectedDataSchema = z.object({ surveyId: z.enum(['selfAssessment', 'nardi']), status: z.literal('rejected') });
export type SurveyRejectedData = z.infer<typeof surveyRejectedDataSchema>;

/**
 * data of scoring.nardi.scored.v1: the part-one scores stored for the subject, and `answeredAt`,
 * the time of the participants.nardi.answered.v1 event they score (added later, so optional): the
 * participant's result stream tells the Nardi screens the scores of their saved answers are there.
 * Consumer: svc-participants.
 */
export const nardiScoredDataSchema = nardiScoresSchema.extend({ answeredAt: z.iso.datetime({ offset: true }).optional() });
export type NardiScoredData = z.infer<typeof nardiScoredDataSchema>;

/**
 * data of scoring.nardi.completed.v1: the Nardi result of a completed survey. completedAt is
 * the time of the participants.survey.completed.v1 event it answers, so a consumer can tell
 * it belongs to the survey as it stands (and not to one completed before a reset). `scores`
 * are the part-one scores the choices were checked against (what the Nardi report shows), so
 * the result and its scores always travel together; scoring always sends them (optional here
 * only because they were added later: scoring.nardi.completed.v2 makes them required).
 * Published beside v2 until every consumer has moved. Consumers (each reads v2 too, and v1
 * only from a svc-scoring release older than v2, during a rollout): svc-participants (the
 * consistency the dashboard shows, the scores the analysis export holds) and svc-reports.
 */
export const nardiCompletedDataSchema = z.object({
  typeCode: typeCodeSchema,
  consistency: z.number().int().min(0).max(10),
  selectedTemperament: temperamentCodeSchema,
  selectedFP: functionalPairCodeSchema,
  completedAt: z.iso.datetime({ offset: true }),
  scores: nardiScoresSchema.optional(),
});
export type NardiCompletedData = z.infer<typeof nardiCompletedDataSchema>;

/**
 * data of scoring.nardi.completed.v2: the Nardi result as in v1, with its part-one `scores`
 * required (a breaking change for producers, hence a new major). Scoring publishes v1 and v2
 * for the same completion in one write, with the same completedAt, so a consumer reading both
 * can tell they are one fact; v1 goes once every consumer has moved to v2. Every v2 body is a
 * valid v1 body. Consumers: svc-reports (the Nardi report is built from the scores) and
 * svc-participants (the consistency, and the scores for the analysis export).
 */
export const nardiCompletedV2DataSchema = nardiCompletedDataSchema.extend({ scores: nardiScoresSchema });
export type NardiCompletedV2Data = z.infer<typeof nardiCompletedV2DataSchema>;

/** One event type and version: the schema of its data, who publishes it, who handles it, and what it says. */
export interface EventDefinition<S extends z.ZodType = z.ZodType, T extends string = string> {
  /** `<producer>.<entity>.<past tense>.v<major>`: the CloudEvents type and the routing key. */
  readonly type: T;
  /** `data`: a producer's data is typed by its input (eventOf), a handler gets its output (on). */
  readonly schema: S;
  readonly producer: ServiceName;
  /** The services that handle it (each checks its subscriptions against this list in a test). */
  readonly consumers: readonly ServiceName[];
  /** One line: what happened, as the event map and the AsyncAPI document say it. */
  readonly summary: string;
}

/** The one definition of an event version; `events` below holds them all. */
export function defineEvent<const T extends `${ServiceName}.${string}.${string}.v${number}`, S extends z.ZodType>(definition: EventDefinition<S, T>): EventDefinition<S, T> {
  return Object.freeze({ ...definition, consumers: Object.freeze([...definition.consumers]) });
}

/**
 * Every event version the services publish, each with at least one consumer (an event nobody
 * consumes is not published). A breaking change is a new `.v2` beside `.v1`. EventTypes, the
 * catalogue's eventDataSchemas, the queue bindings, packages/contracts/asyncapi.json and the
 * README's event map (`npm run contracts:generate`) all follow from these.
 */
export const events = {
  participantConsented: defineEvent({
    type: 'participants.participant.consented.v1',
    schema: participantConsentedDataSchema,
    producer: 'participants',
    consumers: ['participants', 'scoring', 'reports'],
    summary: 'A participant agreed to the consent: the first time, again after leaving, or a new consent text.',
  }),
  participantErased: defineEvent({
    type: 'participants.participant.erased.v1',
    schema: participantErasedDataSchema,
    producer: 'participants',
    consumers: ['participants', 'scoring', 'reports'],
    summary: 'A participant asked for erasure: every service deletes all it holds for them.',
  }),
  consentWithdrawn: defineEvent({
    type: 'participants.consent.withdrawn.v1',
    schema: consentWithdrawnDataSchema,
    producer: 'participants',
    consumers: ['participants'],
    summary: "A participant left the study keeping their data (Open Humans' deauthorization or the dashboard).",
  }),
  surveyCompleted: defineEvent({
    type: 'participants.survey.completed.v1',
    schema: surveyCompletedDataSchema,
    producer: 'participants',
    consumers: ['scoring'],
    summary: 'A participant completed a survey: the type it produced and what scoring needs of it.',
  }),
  surveyRejected: defineEvent({
    type: 'participants.survey.rejected.v1',
    schema: surveyRejectedDataSchema,
    producer: 'participants',
    consumers: ['scoring'],
    summary: 'A participant declined the self-assessment or the Nardi survey.',
  }),
  nardiAnswered: defineEvent({
    type: 'participants.nardi.answered.v1',
    schema: nardiAnsweredDataSchema,
    producer: 'participants',
    consumers: ['scoring'],
    summary: 'A participant saved Nardi part one: the 25 answers as saved.',
  }),
  surveysReset: defineEvent({
    type: 'participants.surveys.reset.v1',
    schema: surveysResetDataSchema,
    producer: 'participants',
    consumers: ['scoring', 'reports'],
    summary: 'These surveys of a participant are back to pending with no answers; the final score is cleared.',
  }),
  mbtiUploaded: defineEvent({
    type: 'participants.mbti.uploaded.v1',
    schema: mbtiUploadedDataSchema,
    producer: 'participants',
    consumers: ['scoring'],
    summary: "A participant's official MBTI result was uploaded; it replaces an earlier one.",
  }),
  nardiScored: defineEvent({
    type: 'scoring.nardi.scored.v1',
    schema: nardiScoredDataSchema,
    producer: 'scoring',
    consumers: ['participants'],
    summary: "The Nardi part-one scores of a participant's saved answers are stored.",
  }),
  nardiCompleted: defineEvent({
    type: 'scoring.nardi.completed.v1',
    schema: nardiCompletedDataSchema,
    producer: 'scoring',
    consumers: ['participants', 'reports'],
    summary: "A participant's Nardi result, its scores optional; published beside v2 until every consumer reads v2.",
  }),
  nardiCompletedV2: defineEvent({
    type: 'scoring.nardi.completed.v2',
    schema: nardiCompletedV2DataSchema,
    producer: 'scoring',
    consumers: ['participants', 'reports'],
    summary: "A participant's Nardi result (type, consistency, choices) with its part-one scores.",
  }),
  scoreFinalized: defineEvent({
    type: 'scoring.score.finalized.v1',
    schema: scoreFinalizedDataSchema,
    producer: 'scoring',
    consumers: ['participants', 'reports'],
    summary: "A participant's final score was computed, or computed again after an input changed (a new version).",
  }),
  scoreCleared: defineEvent({
    type: 'scoring.score.cleared.v1',
    schema: scoreClearedDataSchema,
    producer: 'scoring',
    consumers: ['participants', 'reports'],
    summary: 'A participant no longer has a final score: a reset, or an input it needs went away.',
  }),
  reportGenerated: defineEvent({
    type: 'reports.report.generated.v1',
    schema: reportGeneratedDataSchema,
    producer: 'reports',
    consumers: ['participants'],
    summary: "A participant's final report PDF was stored for a final score version (sent by svc-reports before v2).",
  }),
  reportGeneratedV2: defineEvent({
    type: 'reports.report.generated.v2',
    schema: reportGeneratedV2DataSchema,
    producer: 'reports',
    consumers: ['participants'],
    summary: "A participant's final report PDF was built and stored for a final score version; the PDF comes with it.",
  }),
} as const satisfies Record<string, EventDefinition>;

/** The key of a definition in `events`, e.g. 'scoreFinalized'. */
export type EventName = keyof typeof events;

/** Every definition, in the order of `events`. */
export const eventDefinitions: readonly EventDefinition[] = Object.values(events);

/** The type of every event version by its name in `events`, e.g. EventTypes.scoreFinalized === 'scoring.score.finalized.v1'. */
export const EventTypes = Object.fromEntries(Object.entries(events).map(([name, definition]) => [name, definition.type])) as {
  readonly [N in EventName]: (typeof events)[N]['type'];
};
export type EventType = (typeof EventTypes)[EventName];

/** The services that publish events, in the order of their first definition. */
export const eventTopics: readonly EventTopic[] = [...new Set(eventDefinitions.map((definition) => definition.producer))];

/** The definitions that list `service` among their consumers, in the order of `events`. */
export function eventsConsumedBy(service: ServiceName): EventDefinition[] {
  return eventDefinitions.filter((definition) => definition.consumers.includes(service));
}

/**
 * The routing keys a service's queue is bound with to receive the events it handles: another
 * service's events by that service's topic (`scoring.#`), its own one by one, as its own topic
 * carries mostly what the others handle. These are the bindings the queues have always had.
 */
export function queueBindings(service: ServiceName, handled: readonly Pick<EventDefinition, 'type' | 'producer'>[]): string[] {
  return [...new Set(handled.map((event) => (event.producer === service ? event.type : bindingFor(event.producer))))];
}

/**
 * What differs between the event types a service handles and the definitions' consumers (the
 * event map): each type it handles that does not list it, each that lists it and it does not
 * handle. Empty when they agree.
 */
export function subscriptionMismatches(service: ServiceName, handledTypes: readonly string[]): string[] {
  const listed = eventsConsumedBy(service).map((definition) => definition.type);
  const fix = 'fix `consumers` in packages/contracts/src/events.ts (or the subscription) and run `npm run contracts:generate`';
  return [
    ...handledTypes.filter((type) => !listed.includes(type)).map((type) => `svc-${service} subscribes to ${type}, whose definition does not list '${service}' among its consumers: ${fix}`),
    ...listed.filter((type) => !handledTypes.includes(type)).map((type) => `${type} lists '${service}' among its consumers, but svc-${service} does not subscribe to it: ${fix}`),
  ];
}
