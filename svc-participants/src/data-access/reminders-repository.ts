import { MongoServerError, type Collection, type Db } from 'mongodb';
import { reminderSteps, type ReminderStep } from '@study/contracts';

export const REMINDER_CLAIMS_COLLECTION = 'reminder_claims';
export const REMINDER_SENDS_COLLECTION = 'reminder_sends';
/** Migrations done once per database (`_id` = the migration's name). */
export const MIGRATIONS_COLLECTION = 'migrations';

/**
 * One participant reminded (or being reminded) for one step: `_id` = `<step>:<pgId>`, inserted
 * before the message is sent, so two sends can never both reach the participant for the step.
 */
export interface ReminderClaimDocument {
  _id: string;
  step: ReminderStep;
  pgId: string;
  sendId: string;
  claimedAt: Date;
}

/**
 * A send, as it went: 'sending' until Open Humans answered, then 'delivered' (the platform took
 * the message for every member), 'failed' (it did not: the claims were released, a later send
 * retries those members) or 'uncertain' (no answer: whether the members got it is not known, so
 * they are not sent to again).
 */
export type ReminderSendStatus = 'sending' | 'delivered' | 'failed' | 'uncertain';

export interface ReminderSendDocument {
  _id: string;
  step: ReminderStep;
  days: number;
  subject: string;
  /** The message's length; the text itself is not kept. */
  messageLength: number;
  status: ReminderSendStatus;
  pgIds: string[];
  memberIds: string[];
  memberCount: number;
  /** Eligible participants beyond the per-send cap. */
  remaining: number;
  startedAt: Date;
  finishedAt?: Date;
  /** What went wrong, for a failed or uncertain send. */
  error?: string;
}

const claimId = (step: ReminderStep, pgId: string) => `${step}:${pgId}`;

/** The reminder claims and the record of every send. */
export class RemindersRepository {
  readonly claims: Collection<ReminderClaimDocument>;
  readonly sends: Collection<ReminderSendDocument>;
  private readonly migrations: Collection<{ _id: string; doneAt: Date }>;

  constructor(db: Db) {
    this.claims = db.collection(REMINDER_CLAIMS_COLLECTION);
    this.sends = db.collection(REMINDER_SENDS_COLLECTION);
    this.migrations = db.collection(MIGRATIONS_COLLECTION);
  }

  /** Which of these participants hold a claim for the step (reminded, or being reminded); by _id. */
  async claimedAmong(step: ReminderStep, pgIds: readonly string[]): Promise<Set<string>> {
    if (pgIds.length === 0) return new Set();
    const found = await this.claims.find({ _id: { $in: pgIds.map((pgId) => claimId(step, pgId)) } }, { projection: { pgId: 1 } }).toArray();
    return new Set(found.map((claim) => claim.pgId));
  }

  /** Claims the participant for the step; false when a claim exists already (duplicate key). */
  async claim(step: ReminderStep, pgId: string, sendId: string, now: Date): Promise<boolean> {
    try {
      await this.claims.insertOne({ _id: claimId(step, pgId), step, pgId, sendId, claimedAt: now });
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === 11000) return false;
      throw err;
    }
  }

  /** Releases this send's claims (the message was not delivered), never another send's. */
  async release(step: ReminderStep, pgIds: readonly string[], sendId: string): Promise<void> {
    if (pgIds.length === 0) return;
    await this.claims.deleteMany({ _id: { $in: pgIds.map((pgId) => claimId(step, pgId)) }, sendId });
  }

  async recordStart(send: ReminderSendDocument): Promise<void> {
    await this.sends.insertOne(send);
  }

  /** Only the send itself writes its record, once it has an answer. */
  async recordEnd(sendId: string, outcome: { status: ReminderSendStatus; pgIds: string[]; memberIds: string[]; finishedAt: Date; error?: string }): Promise<void> {
    await this.sends.updateOne({ _id: sendId }, { $set: { ...outcome, memberCount: outcome.memberIds.length } });
  }

  /** The participant's claims, one per step they were reminded for (by _id). */
  async claimsOf(pgId: string): Promise<ReminderClaimDocument[]> {
    return this.claims.find({ _id: { $in: reminderSteps.map((step) => claimId(step, pgId)) } }).toArray();
  }

  /** Erasure: the participant leaves the record of a send that reached them (its count stays). */
  async forgetInSend(sendId: string, pgId: string, memberId: string | undefined): Promise<void> {
    await this.sends.updateOne({ _id: sendId }, { $pull: { pgIds: pgId, ...(memberId ? { memberIds: memberId } : {}) } });
  }

  /** Erasure: the participant's claims go (by _id). */
  async removeClaims(pgId: string): Promise<void> {
    await this.claims.deleteMany({ _id: { $in: reminderSteps.map((step) => claimId(step, pgId)) } });
  }

  async findSend(sendId: string): Promise<ReminderSendDocument | null> {
    return this.sends.findOne({ _id: sendId });
  }

  async isMigrated(name: string): Promise<boolean> {
    return (await this.migrations.findOne({ _id: name })) !== null;
  }

  async recordMigrated(name: string, now: Date): Promise<void> {
    try {
      await this.migrations.insertOne({ _id: name, doneAt: now });
    } catch (err) {
      // Another instance recorded it first.
      if (!(err instanceof MongoServerError && err.code === 11000)) throw err;
    }
  }
}
