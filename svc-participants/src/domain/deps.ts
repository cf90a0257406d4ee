import type { Logger } from 'pino';
import type { KeyedLock } from '@study/keyed-lock';
import type { MemberLinksRepository } from '../data-access/member-links-repository';
import type { OpenHumansClient } from '../data-access/open-humans';
import type { ParticipantsRepository } from '../data-access/participants-repository';

/** What the participant use cases work with. */
export interface ParticipantsDeps {
  /** e.g. 'svc-participants': the source of the events it publishes. */
  service: string;
  participants: ParticipantsRepository;
  memberLinks: MemberLinksRepository;
  openHumans: OpenHumansClient;
  /** Serializes the writes of one participant document (participantLockKey). */
  lock: KeyedLock;
  /** Publish queued events now rather than on the relay's next pass. */
  nudgeOutbox(): void;
  logger: Logger;
  now(): Date;
}
