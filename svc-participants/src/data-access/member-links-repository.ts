import { MongoServerError, type Collection, type Db } from 'mongodb';

export const MEMBER_LINKS_COLLECTION = 'member-links';

/** Which study ID an Open Humans project member has: `_id` is the project_member_id. */
export interface MemberLinkDocument {
  _id: string;
  pgId: string;
  linkedAt: Date;
}

const DUPLICATE_KEY = 11000;

export class MemberLinksRepository {
  readonly collection: Collection<MemberLinkDocument>;

  constructor(db: Db) {
    this.collection = db.collection<MemberLinkDocument>(MEMBER_LINKS_COLLECTION);
  }

  /**
   * The member's study ID, linking `candidatePgId` when the member has none yet. The link is
   * claimed by inserting on the unique `_id`: of two concurrent first consents exactly one
   * insert wins and both read the same study ID. Undefined only if the link was deleted in
   * between (an erasure); the caller tries again.
   */
  async claim(projectMemberId: string, candidatePgId: string, now: Date): Promise<{ pgId: string; created: boolean } | undefined> {
    try {
      await this.collection.insertOne({ _id: projectMemberId, pgId: candidatePgId, linkedAt: now });
      return { pgId: candidatePgId, created: true };
    } catch (err) {
      if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
    }
    const existing = await this.findPgId(projectMemberId);
    return existing === undefined ? undefined : { pgId: existing, created: false };
  }

  async findPgId(projectMemberId: string): Promise<string | undefined> {
    const link = await this.collection.findOne({ _id: projectMemberId });
    return link?.pgId;
  }

  /** Removes the link, but only while it still names `pgId` (a newer link is left alone). */
  async unlink(projectMemberId: string, pgId: string): Promise<void> {
    await this.collection.deleteOne({ _id: projectMemberId, pgId });
  }
}
