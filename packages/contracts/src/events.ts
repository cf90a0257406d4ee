import { z } from 'zod';
import { consentHashSchema, consentVersionIdSchema } from './consent-versions';
import { pgIdSchema } from './ids';
import { CONFIDENCE_LEVELS } from '@study/personality';
import { nardiAnswersSchema, nardiScoresSchema } from './nardi';
import { functionalPairCodeSchema, surveyIdSchema, temperamentCodeSchema, typeCodeSchema } from './surveys';

/** `<service>.<entity>.<past tense>.v<major>`, lower case; the routing key equals the type. */
export const EVENT_TYPE_PATTERN = /^(participants|scoring|reports)\.[a-z][a-z-]*\.[a-z][a-z-]*\.v[1-9][0-9]*$/;

/**
 * Event types the services publish, each with at least one consumer (an event nobody consumes is
 * not published). A breaking change is a new `.v2` beside `.v1`.
 */
export const EventTypes = {
  participantConsented: 'participants.participant.consented.v1',
  participantErased: 'participants.participant.erased.v1',
  consentWithdrawn: 'participants.consent.withdrawn.v1',
  surveyCompleted: 'participants.survey.completed.v1',
  surveyRejected: 'participants.survey.rejected.v1',
  nardiAnswered: 'participants.nardi.answered.v1',
  surveysReset: 'participants.surveys.reset.v1',
  mbtiUploaded: 'participants.mbti.uploaded.v1',
  nardiScored: 'scoring.nardi.scored.v1',
  nardiCompleted: 'scoring.nardi.completed.v1',
  nardiCompletedV2: 'scoring.nardi.completed.v2',
  scoreFinalized: 'scoring.score.finalized.v1',
  scoreCleared: 'scoring.score.cleared.v1',
  reportGenerated: 'reports.report.generated.v1',
} as const;
export type EventType = (typeof EventTypes)[keyof typeof EventTypes];

/** An event version no longer published nor handled, kept on record. */
export interface RetiredEventType {
  type: string;
  /** YYYY-MM-DD */
  retiredOn: string;
  reason: string;
}

/**
 * Versions taken out of EventTypes. A version is retired only once no service handles it any
 * more (a handler keyed by its EventTypes entry no longer compiles, and the contract test finds
 * no service naming it); its committed JSON Schema stays in packages/contracts/snapshots.
 */
export const RETIRED_EVENT_TYPES: readonly RetiredEventType[] = [];

/** The topic each service publishes under, for queue bindings such as `participants.#`. */
export const eventTopics = ['participants', 'scoring', 'reports'] as const;
export type EventTopic = (typeof eventTopics)[number];

export function bindingFor(topic: EventTopic): string {
  return `${topic}.#`;
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
