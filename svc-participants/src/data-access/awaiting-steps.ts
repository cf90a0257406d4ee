import type { Collection, Db, UpdateFilter } from 'mongodb';
import type { ReminderStep } from '@study/contracts';
import type { AwaitingState } from '../domain/reminders/awaiting-step';
import { PARTICIPANTS_COLLECTION, type ParticipantDocument } from './participants-repository';

/** What the step a participant waits at is worked out from: fields of their document. */
export interface AwaitingSource {
  consent?: boolean;
  consentedAt?: Date;
  surveysResetAt?: Date | null;
  createdAt?: Date;
  openHumans?: { memberId?: string; tokens?: unknown };
  surveys?: Partial<Record<ReminderStep, { status?: string; completedAt?: Date } | undefined>>;
  erased?: boolean;
  /** The step the participant waits at (the survey they have not done yet), or null. */
  awaitingStep?: ReminderStep | null;
  /** Since when they wait at it. */
  awaitingSince?: Date | null;
}

/** What a document holds of the participant, as the step is worked out from it: whether the study holds their Open Humans grant, not the tokens. */
export function awaitingStateOf({ openHumans, ...rest }: AwaitingSource): AwaitingState {
  return { ...rest, openHumans: openHumans ? { authorized: Boolean(openHumans.tokens) } : null };
}

/** The derived fields as stored on the participant document (indexed together). */
export interface AwaitingFields {
  awaitingStep: ReminderStep | null;
  awaitingSince: Date | null;
}

/** A participant waiting at a step, as the reminders read them. */
export interface WaitingParticipant {
  pgId: string;
  memberId?: string;
  waitingSince: Date;
}

const PROJECTION = {
  consent: 1,
  consentedAt: 1,
  surveysResetAt: 1,
  createdAt: 1,
  'openHumans.memberId': 1,
  // Whether the access token is held, without reading the sealed token itself.
  'openHumans.tokens.expiresAt': 1,
  'surveys.typeFinder.status': 1,
  'surveys.typeFinder.completedAt': 1,
  'surveys.nardi.status': 1,
  'surveys.nardi.completedAt': 1,
  'surveys.selfAssessment.status': 1,
  'surveys.selfAssessment.completedAt': 1,
  erased: 1,
  awaitingStep: 1,
  awaitingSince: 1,
};

/** The index the reminders' lookup reads: participants waiting at one step, oldest first. */
export const AWAITING_INDEX = { key: { awaitingStep: 1, awaitingSince: 1 }, name: 'awaitingStep_1_awaitingSince_1' } as const;

/** Sets (or removes) a dotted path, copying each object on the way so nothing the caller holds changes. */
function setPath(target: Record<string, unknown>, path: string, value: unknown, remove: boolean): void {
  const parts = path.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === null || typeof next !== 'object' || next instanceof Date || Array.isArray(next)) {
      if (remove) return;
      node[part] = {};
    } else node[part] = { ...(next as Record<string, unknown>) };
    node = node[part] as Record<string, unknown>;
  }
  const last = parts[parts.length - 1]!;
  if (remove) delete node[last];
  else node[last] = value;
}

/**
 * The document as it will be after a `$set`/`$unset` update (the only operators participant
 * writes use), worked out in memory without changing `before`. Other operators are left out:
 * they touch no field the step is worked out from.
 */
export function afterUpdate<T extends object>(before: T | null, update: UpdateFilter<never>): T {
  const copy: Record<string, unknown> = { ...(before ?? {}) };
  for (const [path, value] of Object.entries((update as { $set?: Record<string, unknown> }).$set ?? {})) setPath(copy, path, value, false);
  for (const path of Object.keys((update as { $unset?: Record<string, unknown> }).$unset ?? {})) setPath(copy, path, undefined, true);
  return copy as T;
}

/** The participant documents' derived "waiting at a step" fields, and the lookup the reminders make with them. */
export class AwaitingSteps {
  private readonly collection: Collection<AwaitingSource & { _id: string }>;

  /** On the participants collection (as the participants repository holds it). */
  constructor(participants: Collection<never> | Collection<ParticipantDocument>) {
    this.collection = participants as unknown as Collection<AwaitingSource & { _id: string }>;
  }

  static fromDb(db: Db): AwaitingSteps {
    return new AwaitingSteps(db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION));
  }

  async ensureIndex(): Promise<void> {
    await this.collection.createIndex(AWAITING_INDEX.key, { name: AWAITING_INDEX.name });
  }

  /** The fields of one document the step is worked out from (by _id). */
  async read(pgId: string): Promise<AwaitingSource | null> {
    return this.collection.findOne({ _id: pgId }, { projection: PROJECTION });
  }

  /** Stores the derived fields; the caller holds the document's lock. */
  async store(pgId: string, fields: AwaitingFields): Promise<void> {
    await this.collection.updateOne({ _id: pgId, erased: { $ne: true } }, { $set: fields });
  }

  /** Documents written before the derived fields existed (one pass at start, until a backfill is recorded as done). */
  /** Whether any participant is stored (by _id). */
  async anyStored(): Promise<boolean> {
    return (await this.collection.findOne({}, { projection: { _id: 1 } })) !== null;
  }

  withoutFields(): AsyncIterable<AwaitingSource & { _id: string }> {
    return this.collection.find({ awaitingStep: { $exists: false }, erased: { $ne: true } }, { projection: PROJECTION, batchSize: 500 });
  }

  /** Participants waiting at the step since `cutoff` or earlier, the longest waiting first (indexed). */
  async *waitingSince(step: ReminderStep, cutoff: Date): AsyncIterable<WaitingParticipant> {
    const cursor = this.collection.find(
      { awaitingStep: step, awaitingSince: { $lte: cutoff } },
      { projection: { 'openHumans.memberId': 1, awaitingSince: 1 }, sort: { awaitingSince: 1, _id: 1 }, batchSize: 500 },
    );
    for await (const doc of cursor) {
      if (!doc.awaitingSince) continue;
      yield { pgId: doc._id, memberId: doc.openHumans?.memberId, waitingSince: doc.awaitingSince };
    }
  }
}
