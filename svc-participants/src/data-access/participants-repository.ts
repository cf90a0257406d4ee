import type { Collection, Db } from 'mongodb';
import type { FinalScore, SurveyId, SurveyState } from '@study/contracts';
import type { StoredSurvey } from '../domain/surveys/stored-survey';
import { outboxFields, outboxLockKey, withOutbox, type CloudEvent } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import type { FinalReportState, Participant } from '../domain/participant';
import { MbtiScoresRepository, withMbtiResult } from './mbti-scores-repository';
import type { OpenHumansTokens } from './open-humans';
import type { SealedSecret, TokenCipher } from './token-cipher';

export const PARTICIPANTS_COLLECTION = 'participants';

/** The keyed-lock key every write of one participant document holds (the outbox relay's too). */
export function participantLockKey(pgId: string): string {
  return outboxLockKey(PARTICIPANTS_COLLECTION, normalizePgId(pgId));
}

/** The participant document as the outbox relay is nudged with: `nudgeOutbox(...participantOutbox(pgId))`. */
export function participantOutbox(pgId: string): [collection: string, id: string] {
  return [PARTICIPANTS_COLLECTION, normalizePgId(pgId)];
}

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
  surveys: Partial<Record<SurveyId, StoredSurvey>>;
  finalScore: FinalScore | null;
  /** The version of the latest final-score event applied (finalized or cleared). */
  finalScoreVersion?: number;
  finalReport?: FinalReportState | null;
  surveysResetAt?: Date | null;
  /** When the Nardi part-one answers were last saved (the time of their participants.nardi.answered.v1). */
  nardiAnsweredAt?: Date | null;
  /** The answeredAt of the part-one answers scoring has scored (scoring.nardi.scored.v1). */
  nardiScoredFor?: Date | null;
  openHumans?: OpenHumansLinkDocument;
  consentedAt?: Date;
  withdrawnAt?: Date;
  createdAt: Date;
  updatedAt: Date;
  erased?: true;
  erasedAt?: Date;
  /** Events written with the state change that caused them, until the relay has published them. */
  outbox?: CloudEvent[];
  /** Set with the outbox while it holds events (the relay's indexed sweep). */
  outboxPending?: true;
}

export type ParticipantRecord = { state: 'missing' } | { state: 'erased' } | { state: 'active'; participant: Participant };

function toDocument({ pgId, openHumans, ...rest }: Participant): ParticipantDocument {
  return { _id: pgId, ...rest, ...(openHumans ? { openHumans: { memberId: openHumans.memberId } } : {}) };
}

function toParticipant(doc: ParticipantDocument): Participant {
  return {
    pgId: doc._id,
    consent: doc.consent === true,
    dataReady: doc.dataReady === true,
    snpFileUploaded: doc.snpFileUploaded === true,
    surveys: doc.surveys ?? {},
    finalScore: doc.finalScore ?? null,
    finalScoreVersion: doc.finalScoreVersion ?? 0,
    finalReport: doc.finalReport ?? null,
    surveysResetAt: doc.surveysResetAt ?? null,
    nardiAnsweredAt: doc.nardiAnsweredAt ?? null,
    nardiScoredFor: doc.nardiScoredFor ?? null,
    openHumans: doc.openHumans ? { memberId: doc.openHumans.memberId, authorized: doc.openHumans.tokens !== undefined } : null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/**
 * Participant documents. Every write must run inside `lock.run(participantLockKey(pgId), ...)`
 * (FerretDB applies an update as read, apply, write); the use cases hold it. Tokens are sealed
 * here and never leave this class in clear except through readTokens.
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
  async findById(pgId: string): Promise<Participant | null> {
    const record = await this.find(pgId);
    return record.state === 'active' ? record.participant : null;
  }

  async find(pgId: string): Promise<ParticipantRecord> {
    const doc = await this.collection.findOne({ _id: normalizePgId(pgId) }, { projection: { outbox: 0 } });
    if (!doc) return { state: 'missing' };
    if (doc.erased === true) return { state: 'erased' };
    // The official MBTI result is kept beside the participant (mbti-scores): it sets dataReady.
    return { state: 'active', participant: withMbtiResult(toParticipant(doc), await this.mbtiResults.findResult(doc._id)) };
  }

  /** Adds a new participant; a participant with the same study ID makes this fail (duplicate key). */
  async insert(participant: Participant, events: CloudEvent[] = []): Promise<void> {
    const doc = toDocument({ ...participant, pgId: normalizePgId(participant.pgId) });
    await this.collection.insertOne(events.length > 0 ? { ...doc, ...outboxFields(...events) } : doc);
  }

  /** A new participant who has just consented through Open Humans, with their tokens and the consented event. */
  async insertConsented(participant: Participant, memberId: string, tokens: OpenHumansTokens, event: CloudEvent): Promise<void> {
    const pgId = normalizePgId(participant.pgId);
    await this.collection.insertOne({
      ...toDocument({ ...participant, pgId, openHumans: null }),
      openHumans: { memberId, tokens: this.seal(pgId, tokens) },
      consentedAt: participant.updatedAt,
      ...outboxFields(event),
    });
  }

  /** A known participant consented (again): consent true, fresh tokens, genotype flag, the consented event. */
  async saveConsent(pgId: string, change: { memberId: string; tokens: OpenHumansTokens; snpFileUploaded: boolean; now: Date }, event: CloudEvent): Promise<void> {
    const id = normalizePgId(pgId);
    await this.collection.updateOne(
      { _id: id },
      withOutbox<ParticipantDocument>(
        {
          $set: {
            consent: true,
            snpFileUploaded: change.snpFileUploaded,
            openHumans: { memberId: change.memberId, tokens: this.seal(id, change.tokens) },
            consentedAt: change.now,
            updatedAt: change.now,
          },
          $unset: { withdrawnAt: '' },
        },
        event,
      ),
    );
  }

  /** The member id and tokens in clear, or undefined when the participant holds none. */
  async readTokens(pgId: string): Promise<{ memberId: string; tokens: OpenHumansTokens } | undefined> {
    const id = normalizePgId(pgId);
    const doc = await this.collection.findOne({ _id: id }, { projection: { openHumans: 1, erased: 1 } });
    const sealed = doc?.erased ? undefined : doc?.openHumans?.tokens;
    if (!doc?.openHumans || !sealed) return undefined;
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
  async storeTokens(pgId: string, tokens: OpenHumansTokens, now: Date): Promise<void> {
    const id = normalizePgId(pgId);
    await this.collection.updateOne({ _id: id }, { $set: { 'openHumans.tokens': this.seal(id, tokens), updatedAt: now } });
  }

  async setSnpFileUploaded(pgId: string, snpFileUploaded: boolean, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: normalizePgId(pgId) }, { $set: { snpFileUploaded, updatedAt: now } });
  }

  /** The member left the project: consent false, withdrawnAt set, tokens deleted (no event: no other service keeps anything for a withdrawal). */
  async withdraw(pgId: string, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: normalizePgId(pgId) }, { $set: { consent: false, withdrawnAt: now, updatedAt: now }, $unset: { 'openHumans.tokens': '' } });
  }

  /**
   * Erasure: the whole document becomes a tombstone holding no personal data, with the erased
   * event in its outbox, in one write, so the data cannot outlive the event or the other way
   * round. Events still pending about the participant are dropped with their data.
   */
  async replaceWithTombstone(pgId: string, erasedAt: Date, event: CloudEvent): Promise<void> {
    const id = normalizePgId(pgId);
    const tombstone = { _id: id, erased: true, erasedAt, ...outboxFields(event) };
    await this.collection.replaceOne({ _id: id }, tombstone as unknown as ParticipantDocument);
  }

  /** Every survey back to its initial state and no final score (nor its report), with the reset event. */
  async resetSurveys(pgId: string, surveys: Record<SurveyId, SurveyState>, now: Date, event: CloudEvent): Promise<void> {
    await this.collection.updateOne(
      { _id: normalizePgId(pgId) },
      withOutbox<ParticipantDocument>({ $set: { surveys, finalScore: null, finalReport: null, surveysResetAt: now, nardiAnsweredAt: null, nardiScoredFor: null, updatedAt: now } }, event),
    );
  }

  /** The final score as scoring last announced it (null once cleared), its version, and the report state that goes with it. */
  async setFinalScore(pgId: string, change: { finalScore: FinalScore | null; finalScoreVersion: number; finalReport: FinalReportState | null }, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: normalizePgId(pgId) }, { $set: { ...change, updatedAt: now } });
  }

  /** The final report svc-reports stored last. */
  async setFinalReport(pgId: string, finalReport: FinalReportState, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: normalizePgId(pgId) }, { $set: { finalReport, updatedAt: now } });
  }

  /**
   * Stores new states of some surveys (each replaced whole) and the events they cause, in one
   * write. Fields left undefined are dropped rather than stored as null.
   */
  async saveSurveys(pgId: string, surveys: readonly StoredSurvey[], now: Date, events: CloudEvent[], nardiAnsweredAt?: Date): Promise<void> {
    const set: Record<string, unknown> = { updatedAt: now, ...(nardiAnsweredAt ? { nardiAnsweredAt } : {}) };
    for (const survey of surveys) set[`surveys.${survey.id}`] = withoutUndefined(survey);
    await this.collection.updateOne({ _id: normalizePgId(pgId) }, withOutbox<ParticipantDocument>({ $set: set }, ...events));
  }

  /** Scoring holds the scores of the part-one answers saved at `answeredAt`. */
  async setNardiScoredFor(pgId: string, answeredAt: Date, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: normalizePgId(pgId) }, { $set: { nardiScoredFor: answeredAt, updatedAt: now } });
  }

  /** The Nardi consistency scoring computed for the completed survey (shown as n/10). */
  async setNardiConsistency(pgId: string, consistency: number, now: Date): Promise<void> {
    await this.collection.updateOne({ _id: normalizePgId(pgId) }, { $set: { 'surveys.nardi.consistency': consistency, updatedAt: now } });
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
