import type { Collection, Db } from 'mongodb';
import type { CloudEvent } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import type { Participant } from '../domain/participant';

export const PARTICIPANTS_COLLECTION = 'participants';

/** One document per participant, keyed by study ID; it also carries its pending events (outbox). */
export interface ParticipantDocument extends Omit<Participant, 'pgId'> {
  _id: string;
  /** Events written with the state change that caused them, until the relay has published them. */
  outbox?: CloudEvent[];
}

function toDocument({ pgId, ...rest }: Participant): ParticipantDocument {
  return { _id: pgId, ...rest };
}

function toParticipant(doc: ParticipantDocument): Participant {
  return {
    pgId: doc._id,
    consent: doc.consent,
    dataReady: doc.dataReady,
    snpFileUploaded: doc.snpFileUploaded,
    surveys: doc.surveys ?? {},
    finalScore: doc.finalScore ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export class ParticipantsRepository {
  readonly collection: Collection<ParticipantDocument>;

  constructor(db: Db) {
    this.collection = db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION);
  }

  async findById(pgId: string): Promise<Participant | null> {
    const doc = await this.collection.findOne({ _id: normalizePgId(pgId) }, { projection: { outbox: 0 } });
    return doc ? toParticipant(doc) : null;
  }

  /** Adds a new participant; a participant with the same study ID makes this fail (duplicate key). */
  async insert(participant: Participant): Promise<void> {
    await this.collection.insertOne(toDocument({ ...participant, pgId: normalizePgId(participant.pgId) }));
  }
}
