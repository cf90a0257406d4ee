import type { Collection } from 'mongodb';
import type { KeyedLock } from '@study/keyed-lock';
import type { Logger } from 'pino';
import type { ErasedParticipants } from '@study/personal-data';
import type { ScoreDocument } from '../data-access/scores-collection';

/** What the scoring use cases work with. */
export interface ScoringDeps {
  /** e.g. 'svc-scoring': the source of the events it publishes. */
  service: string;
  scores: Collection<ScoreDocument>;
  erased: ErasedParticipants;
  /** Serializes the writes of one score document (scoreDocuments). */
  lock: KeyedLock;
  /** Publish queued events now rather than on the relay's next pass. */
  /** After a write that queued events: the document's collection and _id (none: the relay's sweep). */
  nudgeOutbox(collection?: string, id?: unknown): void;
  logger: Logger;
  now(): Date;
}
