import type { KeyedLock } from '@study/keyed-lock';
import type { Logger } from 'pino';
import type { ErasedParticipants } from '@study/personal-data';
import type { ScoresRepository } from '../data-access/scores-repository';

/** What the scoring use cases work with. */
export interface ScoringDeps {
  /** e.g. 'svc-scoring': the source of the events it publishes. */
  service: string;
  /** The score documents: their reads, and each change under the document's lock with its events (outbox). */
  scores: ScoresRepository;
  erased: ErasedParticipants;
  /** The documents' keyed lock: an erasure deletes a score document under it. */
  lock: KeyedLock;
  logger: Logger;
  now(): Date;
}
