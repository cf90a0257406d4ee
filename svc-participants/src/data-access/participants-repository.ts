import type { Collection, Db } from 'mongodb';
import type { FinalScore, FinalScoreDecidedBy, NardiScoresView, SurveyId, SurveyState } from '@study/contracts';
import { compact, type DocumentFields, type LockedDocument } from '@study/document-writes';
import type { OutboxEntry } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import { newRowFields } from './admin-rows/stale-row';
import { MbtiScoresRepository, withMbtiResult } from './mbti-scores-repository';
import type { AwaitingFields } from './awaiting-steps';
import type { OpenHumansTokens } from './open-humans';
import type { ConsentRecord, FinalReportState, Participant } from '../domain/participant';
import type { StoredSurvey } from '../domain/surveys/stored-survey';
import { storedSurvey, surveyDocument, type SurveyDocument } from './stored-participant';
import type { SealedSecret, TokenCipher } from './token-cipher';

export const PARTICIPANTS_COLLECTION = 'participants';

/** Open Humans tokens as stored: each encrypted, with the access token's expiry in clear. */
export interface SealedTokens {
  access: SealedSecret;
  refresh: SealedSecret;
  expiresAt: Date;
}

export interface OpenHumansLinkDocument {
  memberId: string;
  /** Absent once the member left the project. */
  tokens?: SealedTokens;
}

/**
 * One document per participant, keyed by study ID; it also carries its pending events (outbox).
 * After an erasure only a tombstone remains: `{_id, erased: true, erasedAt, outbox}`, no
 * personal data, kept so the erased event in its outbox is published.
 */
export interface ParticipantDocument {
  _id: string;
  consent: boolean;
  dataReady: boolean;
  snpFileUploaded: boolean;
  /** The genotype sources of the member's files, as last read from Open Humans. */
  genotypeSources?: string[];
  /** Each survey with its answers (and Nardi scores) as JSON text: surveyDocument / storedSurvey. */
  surveys: Partial<Record<SurveyId, SurveyDocument>>;
  finalScore: FinalScore | null;
  /** How the final score was decided (from scoring.score.finalized.v1); null or absent without one. */
  finalScoreDecidedBy?: FinalScoreDecidedBy | null;
  /** The version of the latest final-score event applied (finalized or cleared). */
  finalScoreVersion?: number;
  finalReport?: FinalReportState | null;
  surveysResetAt?: Date | null;
  /** When the Nardi part-one answers were last saved (the time of their participants.nardi.answered.v1). */
  nardiAnsweredAt?: Date | null;
  /** The answeredAt of the part-one answers scoring has scored (scoring.nardi.scored.v1). */
  nardiScoredFor?: Date | null;
  openHumans?: OpenHumansLinkDocument;
  /** Every consent on record, oldest first (insert-only: pushed, never changed). */
  consents?: ConsentRecord[];
  consentedAt?: Date;
  withdrawnAt?: Date;
  createdAt: Date;
  updatedAt: Date;
  erased?: true;
  erasedAt?: Date;
  /** Events written with the state change that caused them, until the relay has published them. */
  outbox?: OutboxEntry[];
  /** Set with the outbox while it holds events (the relay's indexed sweep). */
  outboxPending?: true;
  /** Set by every write until the participant's admin row is rebuilt (admin-rows.ts), with the stamp of that write. */
  adminRowStale?: true;
  adminRowStamp?: string;
  /** Counts the document's writes (the admin rows keep the newest). */
  adminRowVersion?: number;
  /** The step the participant waits at and since when (what the reminders look them up by), as the last write that moved it stored it. */
  awaitingStep?: AwaitingFields['awaitingStep'];
  awaitingSince?: AwaitingFields['awaitingSince'];
}

/** A participant as read: missing, erased, or active with the document as stored (without its outbox), which a write works out its derived fields from. */
export type ParticipantRecord = { state: 'missing' } | { state: 'erased' } | { state: 'active'; participant: Participant; stored: ParticipantDocument };

const surveyDocuments = (surveys: Participant['surveys']): ParticipantDocument['surveys'] => Object.fromEntries(Object.entries(surveys).map(([id, survey]) => [id, surveyDocument(survey)]));
const storedSurveys = (surveys: ParticipantDocument['surveys'] | undefined): Participant['surveys'] => Object.fromEntries(Object.entries(surveys ?? {}).map(([id, survey]) => [id, storedSurvey(survey)]));

function toDocument({ pgId, openHumans, consents, consentedAt, surveys, ...rest }: Participant): ParticipantDocument {
  return {
    _id: pgId,
    ...rest,
    surveys: surveyDocuments(surveys),
    ...(openHumans ? { openHumans: { memberId: openHumans.memberId } } : {}),
    ...(consents ? { consents } : {}),
    ...(consentedAt ? { consentedAt } : {}),
  };
}

function toParticipant(doc: ParticipantDocument): Participant {
  return {
    pgId: doc._id,
    consent: doc.consent === true,
    dataReady: doc.dataReady === true,
    snpFileUploaded: doc.snpFileUploaded === true,
    surveys: storedSurveys(doc.surveys),
    finalScore: doc.finalScore ?? null,
    finalScoreVersion: doc.finalScoreVersion ?? 0,
    finalReport: doc.finalReport ?? null,
    surveysResetAt: doc.surveysResetAt ?? null,
    nardiAnsweredAt: doc.nardiAnsweredAt ?? null,
    nardiScoredFor: doc.nardiScoredFor ?? null,
    openHumans: doc.openHumans ? { memberId: doc.openHumans.memberId, authorized: doc.openHumans.tokens !== undefined } : null,
    consents: doc.consents ?? [],
    consentedAt: doc.consentedAt ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** A participant document's write: the locked document of a change (@study/document-writes). */
export type ParticipantWrite = LockedDocument<ParticipantDocument>;

/**
 * Participant documents. A document is written only through the locked document of a change
 * (@study/document-writes): its lock held, the change's events in the same write. Tokens are
 * sealed here and never leave this class in clear except through readTokens.
 */
export class ParticipantsRepository {
  readonly collection: Collection<ParticipantDocument>;

  private readonly mbtiResults: MbtiScoresRepository;

  constructor(
    db: Db,
    private readonly cipher?: TokenCipher,
  ) {
    this.collection = db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION);
    this.mbtiResults = new MbtiScoresRepository(db);
  }

  /** The participant, or null when there is none or they were erased. */
  /**
   * A participant who is not erased. `withMbti: false` skips the read of their official MBTI
   * result (a second command) for a use that neither shows it nor decides on it.
   */
  async findById(pgId: string, options: { withMbti?: boolean } = {}): Promise<Participant | null> {
    const record = await this.find(pgId, options);
    return record.state === 'active' ? record.participant : null;
  }

  /** Every participant who holds a live Open Humans authorization: study ID, project member id and whether a genotype file was found (one read, three fields each). */
  async linkedMembers(): Promise<Array<{ pgId: string; memberId: string; snpFileUploaded: boolean }>> {
    const docs = await this.collection
      .find({ erased: { $ne: true }, 'openHumans.tokens': { $exists: true } }, { projection: { _id: 1, 'openHumans.memberId': 1, snpFileUploaded: 1 } })
      .toArray();
    return docs.flatMap((doc) => (doc.openHumans?.memberId ? [{ pgId: doc._id, memberId: doc.openHumans.memberId, snpFileUploaded: doc.snpFileUploaded === true }] : []));
  }

  async find(pgId: string, options: { withMbti?: boolean } = {}): Promise<ParticipantRecord> {
    const id = normalizePgId(pgId);
    // The official MBTI result is kept beside the participant (mbti-scores): it sets dataReady.
    // Both are read at once; for a missing or erased participant the result is not used.
    const [doc, mbti] = await Promise.all([this.collection.findOne({ _id: id }, { projection: { outbox: 0 } }), options.withMbti === false ? undefined : this.mbtiResults.findResult(id)]);
    if (!doc) return { state: 'missing' };
    if (doc.erased === true) return { state: 'erased' };
    if (options.withMbti === false) return { state: 'active', participant: toParticipant(doc), stored: doc };
    return { state: 'active', participant: withMbtiResult(toParticipant(doc), mbti), stored: doc };
  }

  /**
   * Adds a new participant with no events (seeding); a participant with the same study ID makes
   * this fail (duplicate key). A new document has no outbox for the relay to write meanwhile.
   */
  async insert(participant: Participant): Promise<void> {
    await this.collection.insertOne({ ...toDocument({ ...participant, pgId: normalizePgId(participant.pgId) }), ...newRowFields() });
  }

  /** A new participant who has just consented through Open Humans, with their tokens and the step they wait at (the change's event: consented). */
  async insertConsented(document: ParticipantWrite, participant: Participant, memberId: string, tokens: OpenHumansTokens, consent: ConsentRecord | undefined, awaiting: AwaitingFields): Promise<void> {
    const { _id, ...fields } = toDocument({ ...participant, pgId: document.id, openHumans: null });
    await document.insert({
      ...fields,
      openHumans: { memberId, tokens: this.seal(document.id, tokens) },
      ...(consent ? { consents: [consent] } : {}),
      consentedAt: participant.updatedAt,
      ...awaiting,
    });
  }

  /** A known participant consented (again): consent true, fresh tokens, genotype flag, the step they wait at when it moved (the change's event: consented). */
  async saveConsent(
    document: ParticipantWrite,
    change: { memberId: string; tokens: OpenHumansTokens; snpFileUploaded: boolean; genotypeSources: readonly string[]; now: Date; consent?: ConsentRecord; awaiting?: AwaitingFields },
  ): Promise<void> {
    await document.update({
      ...(change.consent ? { $push: { consents: change.consent } } : {}),
      $set: {
        consent: true,
        snpFileUploaded: change.snpFileUploaded,
        genotypeSources: [...change.genotypeSources],
        openHumans: { memberId: change.memberId, tokens: this.seal(document.id, change.tokens) },
        consentedAt: change.now,
        updatedAt: change.now,
        ...change.awaiting,
      },
      $unset: { withdrawnAt: '' },
    });
  }

  /** The participant agreed to a new consent text (the change's event: consented, a renewal). */
  async recordConsent(document: ParticipantWrite, consent: ConsentRecord): Promise<void> {
    await document.update({ $push: { consents: consent }, $set: { updatedAt: consent.givenAt } });
  }

  /** The member id and tokens in clear, or undefined when the participant holds none. */
  async readTokens(pgId: string): Promise<{ memberId: string; tokens: OpenHumansTokens } | undefined> {
    const id = normalizePgId(pgId);
    const doc = await this.collection.findOne({ _id: id }, { projection: { openHumans: 1, erased: 1 } });
    return doc ? this.tokensOf(doc) : undefined;
  }

  /** The Open Humans tokens of a document already read (a change's, under its lock): no second read. */
  tokensOf(doc: Pick<ParticipantDocument, '_id' | 'openHumans' | 'erased'>): { memberId: string; tokens: OpenHumansTokens } | undefined {
    const id = doc._id;
    const sealed = doc.erased ? undefined : doc.openHumans?.tokens;
    if (!doc.openHumans || !sealed) return undefined;
    const cipher = this.requireCipher();
    return {
      memberId: doc.openHumans.memberId,
      tokens: {
        accessToken: cipher.open(sealed.access, `${id}:oh-access`),
        refreshToken: cipher.open(sealed.refresh, `${id}:oh-refresh`),
        expiresAt: sealed.expiresAt,
      },
    };
  }

  /** Keeps a refreshed grant: the old refresh token is spent once the platform rotated it. */
  async storeTokens(document: ParticipantWrite, tokens: OpenHumansTokens, now: Date): Promise<void> {
    await document.update({ $set: { 'openHumans.tokens': this.seal(document.id, tokens), updatedAt: now } });
  }

  async setSnpFileUploaded(document: ParticipantWrite, snpFileUploaded: boolean, now: Date, genotypeSources: readonly string[]): Promise<void> {
    await document.update({ $set: { snpFileUploaded, genotypeSources: [...genotypeSources], updatedAt: now } });
  }

  /** The member left the project: consent false, withdrawnAt set, tokens deleted, the step they waited at when it moved (the change's event: withdrawn). */
  async withdraw(document: ParticipantWrite, now: Date, awaiting?: AwaitingFields): Promise<void> {
    await document.update({ $set: { consent: false, withdrawnAt: now, updatedAt: now, ...awaiting }, $unset: { 'openHumans.tokens': '' } });
  }

  /**
   * Erasure: the whole document becomes a tombstone holding no personal data, with the erased
   * event (the change's) in its outbox, in one write, so the data cannot outlive the event or
   * the other way round. Events still pending about the participant are dropped with their data.
   */
  async replaceWithTombstone(document: ParticipantWrite, erasedAt: Date): Promise<void> {
    const tombstone = { erased: true, erasedAt };
    await document.replace(tombstone as unknown as DocumentFields<ParticipantDocument>);
  }

  /** Every survey back to its initial state, no final score (nor its report), the step the participant waits at when it moved (the change's event: reset). */
  async resetSurveys(document: ParticipantWrite, surveys: Record<SurveyId, SurveyState>, now: Date, awaiting?: AwaitingFields): Promise<void> {
    await document.update({
      $set: { surveys: surveyDocuments(surveys), finalScore: null, finalScoreDecidedBy: null, finalReport: null, surveysResetAt: now, nardiAnsweredAt: null, nardiScoredFor: null, updatedAt: now, ...awaiting },
    });
  }

  /** The final score as scoring last announced it (null once cleared), how it was decided, its version, and the report state that goes with it. */
  async setFinalScore(
    document: ParticipantWrite,
    change: { finalScore: FinalScore | null; finalScoreDecidedBy: FinalScoreDecidedBy | null; finalScoreVersion: number; finalReport: FinalReportState | null },
    now: Date,
  ): Promise<void> {
    await document.update({ $set: { ...change, updatedAt: now } });
  }

  /** The final report svc-reports stored last. */
  async setFinalReport(document: ParticipantWrite, finalReport: FinalReportState, now: Date): Promise<void> {
    await document.update({ $set: { finalReport, updatedAt: now } });
  }

  /**
   * Stores new states of some surveys (each replaced whole), with the events of the change, the
   * time new Nardi part-one answers were saved, and the step the participant waits at when it
   * moved. Fields left undefined are dropped rather than stored as null.
   */
  async saveSurveys(document: ParticipantWrite, surveys: readonly StoredSurvey[], now: Date, options: { nardiAnsweredAt?: Date; awaiting?: AwaitingFields } = {}): Promise<void> {
    const { nardiAnsweredAt, awaiting } = options;
    const set: Record<string, unknown> = { updatedAt: now, ...(nardiAnsweredAt ? { nardiAnsweredAt } : {}), ...awaiting };
    for (const survey of surveys) set[`surveys.${survey.id}`] = compact(surveyDocument(survey));
    await document.update({ $set: set });
  }

  /** Scoring holds the scores of the part-one answers saved at `answeredAt`. */
  async setNardiScoredFor(document: ParticipantWrite, answeredAt: Date, now: Date): Promise<void> {
    await document.update({ $set: { nardiScoredFor: answeredAt, updatedAt: now } });
  }

  /**
   * The Nardi result scoring computed for the completed survey: the consistency (shown as n/10)
   * and, when the event carried them, the part-one scores (kept for the analysis export).
   */
  async setNardiResult(document: ParticipantWrite, result: { consistency: number; scores?: NardiScoresView }, now: Date): Promise<void> {
    const set: Record<string, unknown> = { 'surveys.nardi.consistency': result.consistency, updatedAt: now };
    if (result.scores) set['surveys.nardi.scores'] = JSON.stringify(result.scores);
    await document.update({ $set: set });
  }

  private seal(pgId: string, tokens: OpenHumansTokens): SealedTokens {
    const cipher = this.requireCipher();
    return {
      access: cipher.seal(tokens.accessToken, `${pgId}:oh-access`),
      refresh: cipher.seal(tokens.refreshToken, `${pgId}:oh-refresh`),
      expiresAt: tokens.expiresAt,
    };
  }

  private requireCipher(): TokenCipher {
    if (!this.cipher) throw new Error('ParticipantsRepository needs a TokenCipher to store or read Open Humans tokens');
    return this.cipher;
  }
}
