import type { Collection, Db } from 'mongodb';
import type { FinalScoreDecidedBy, FinalScoreInputs, FinalTypeCode, MbtiScores, NardiAnswer } from '@study/contracts';
import type { OutboxEntry } from '@study/event-bus';
import type { ConfidenceLevel, FunctionalPairCode, NardiScores, TemperamentCode, TypeCode } from '@study/personality';

export const SCORES_COLLECTION = 'scores';

export interface NardiSelections {
  selectedTemperament: TemperamentCode;
  selectedFP: FunctionalPairCode;
  selectedTypeCode: TypeCode;
}

export interface NardiFinal {
  typeCode: TypeCode;
  consistency: number;
  /** The time of the participants' completion event this result answers. */
  completedAt: Date;
  finalizedAt: Date;
}

/**
 * What scoring knows of a participant's Nardi survey. `asOf` is the time of the latest
 * participants event applied to it: an older event arriving late (after a retry, or from
 * before a reset) is ignored.
 */
export interface NardiRecord {
  asOf: Date;
  /** The 25 part-one answers, in id order. */
  answers?: NardiAnswer[];
  /** scoreNardi of the answers. */
  scores?: NardiScores;
  scoredAt?: Date;
  /** Parts two to four, once the survey is completed. */
  selections?: NardiSelections;
  final?: NardiFinal;
}

/**
 * The other inputs of the final score, each with the time of the participants event it came
 * from (`at`): an older event arriving late never replaces a newer one.
 */
export interface FinalScoreInputsRecord {
  /** TF: the completed TypeFinder test. */
  typeFinder?: { typeCode: TypeCode; at: Date };
  /** SA: the self-assessment completed (with the stated type and confidence) or rejected. */
  selfAssessment?: { status: 'completed' | 'rejected'; personalityType?: TypeCode; confidence?: ConfidenceLevel; at: Date };
  /** MB: the official MBTI result, once uploaded. A reset of the surveys keeps it (it is not a survey answer). */
  mbti?: MbtiScores & { at: Date };
  /** The time of the latest surveys reset applied here: a completion from before it is stale. */
  resetAt?: Date;
}

/** The final score as stored, with what it was computed from. */
export interface StoredFinalScore {
  typeCode: FinalTypeCode;
  /** The version of the finalized event that published it. */
  version: number;
  decidedBy: FinalScoreDecidedBy;
  inputs: FinalScoreInputs;
  computedAt: Date;
}

/**
 * One document per participant (`_id` = pgId) holding what scoring knows and computes about
 * them, with their pending events (outbox). Every write goes through a document writer
 * (@study/document-writes), which holds the document's keyed lock. A document exists once any
 * event about the participant (their consent first) has reached scoring: that is how scoring
 * knows a study ID.
 */
export interface ScoreDocument {
  _id: string;
  /** When the participant consented (participants.participant.consented.v1), latest first. */
  consentedAt?: Date;
  nardi?: NardiRecord;
  inputs?: FinalScoreInputsRecord;
  /** Absent until all three required surveys are done, and again after a reset. */
  finalScore?: StoredFinalScore;
  /** The version of the latest finalized or cleared event published; grows by one with each. */
  finalScoreVersion?: number;
  updatedAt?: Date;
  outbox?: OutboxEntry[];
  /** Set with the outbox while it holds events (the relay's indexed sweep). */
  outboxPending?: true;
}

/**
 * The Nardi record as a score document keeps it: the answers and the scores as their JSON text.
 * Nothing queries inside them, and the embedded database converts every field of a document on
 * each read and write (the two are about 150 fields). Documents written before hold them as
 * arrays and objects, which are read as they are. Every read of a score document goes through
 * scoreDocumentOf, every write of `nardi` through codedNardi.
 */
export type StoredNardiRecord = Omit<NardiRecord, 'answers' | 'scores'> & { answers?: NardiAnswer[] | string; scores?: NardiScores | string };

const decoded = <T>(value: T | string | undefined): T | undefined => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export function codedNardi({ answers, scores, ...rest }: NardiRecord): StoredNardiRecord {
  return { ...rest, ...(answers === undefined ? {} : { answers: JSON.stringify(answers) }), ...(scores === undefined ? {} : { scores: JSON.stringify(scores) }) };
}

export function decodedNardi({ answers, scores, ...rest }: StoredNardiRecord): NardiRecord {
  const out: NardiRecord = { ...rest };
  const readAnswers = decoded<NardiAnswer[]>(answers);
  const readScores = decoded<NardiScores>(scores);
  if (readAnswers !== undefined) out.answers = readAnswers;
  if (readScores !== undefined) out.scores = readScores;
  return out;
}

/** A score document as read (or null), its Nardi record decoded. */
export function scoreDocumentOf<T extends Partial<ScoreDocument>>(doc: T | null): T | null {
  if (!doc?.nardi) return doc;
  return { ...doc, nardi: decodedNardi(doc.nardi as StoredNardiRecord) };
}

export function scoresCollection(db: Db): Collection<ScoreDocument> {
  return db.collection<ScoreDocument>(SCORES_COLLECTION);
}
