import { MongoServerError, type Collection, type Db } from 'mongodb';
import type { RedisConnection } from '@study/service-kit';

export const CONSENT_VERSIONS_COLLECTION = 'consent-versions';

/** One published consent text. Insert-only: a version, once stored, is never changed or removed. */
export interface ConsentVersionDocument {
  /** The version id, `v<seq>`. */
  _id: string;
  /** 1, 2, 3, ...: the newest version is the current one (unique index). */
  seq: number;
  /** SHA-256 of the normalized text, hex. */
  hash: string;
  text: string;
  publishedAt: Date;
}

export interface StoredConsentVersion {
  versionId: string;
  seq: number;
  hash: string;
  text: string;
  publishedAt: Date;
}

const toVersion = ({ _id, ...rest }: ConsentVersionDocument): StoredConsentVersion => ({ versionId: _id, ...rest });

function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}

/** The consent versions (svc-participants' own database). Two instances race only by inserting: the unique `_id` and `seq` decide. */
export class ConsentVersionsRepository {
  readonly collection: Collection<ConsentVersionDocument>;
  /** The version list as last read, with the newest seq it ends at. */
  private cached: { latestSeq: number; versions: Omit<StoredConsentVersion, 'text'>[] } | undefined;

  /**
   * `latestSeq`: a Redis key every instance shares, holding the newest version's number. POST
   * /api/user needs the version list on every call; it is read from the database only when that
   * number differs from the one this instance's copy ends at, so a publication on any instance is
   * seen at once and an unchanged list costs one Redis read.
   */
  constructor(
    db: Db,
    private readonly latestSeq?: { redis: RedisConnection; key: string },
  ) {
    this.collection = db.collection<ConsentVersionDocument>(CONSENT_VERSIONS_COLLECTION);
  }

  /** The index the current version is found by (newest seq), unique so two versions never share a number. */
  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ seq: -1 }, { unique: true, name: 'seq_unique' });
  }

  /** The newest version, or null before the first is stored. */
  async current(): Promise<StoredConsentVersion | null> {
    const doc = await this.collection.findOne({}, { sort: { seq: -1 } });
    return doc ? toVersion(doc) : null;
  }

  async find(versionId: string): Promise<StoredConsentVersion | null> {
    const doc = await this.collection.findOne({ _id: versionId });
    return doc ? toVersion(doc) : null;
  }

  /** The version that was current at `time` (the newest published by then), else the first. */
  async currentAt(time: Date): Promise<StoredConsentVersion | null> {
    const doc = (await this.collection.findOne({ publishedAt: { $lte: time } }, { sort: { seq: -1 } })) ?? (await this.collection.findOne({}, { sort: { seq: 1 } }));
    return doc ? toVersion(doc) : null;
  }

  /** Stores a new version; 'taken' when its id or number is stored already (another instance or admin was first). */
  async insert(version: StoredConsentVersion): Promise<'inserted' | 'taken'> {
    const { versionId, ...rest } = version;
    try {
      await this.collection.insertOne({ _id: versionId, ...rest });
      await this.announce(version.seq);
      return 'inserted';
    } catch (error) {
      if (isDuplicateKey(error)) return 'taken';
      throw error;
    }
  }

  /** Every version, oldest first, without the texts. */
  async list(): Promise<Omit<StoredConsentVersion, 'text'>[]> {
    if (!this.latestSeq) return this.readList();
    const { redis, key } = this.latestSeq;
    const shared = await redis.get(key);
    if (shared !== null && this.cached && String(this.cached.latestSeq) === shared) return this.cached.versions;
    const versions = await this.readList();
    const latestSeq = versions.at(-1)?.seq ?? 0;
    // Only where no number is shared yet: a publication sets it, and its number wins.
    if (shared === null && latestSeq > 0) await redis.set(key, String(latestSeq), { condition: 'NX' });
    this.cached = { latestSeq, versions };
    return versions;
  }

  /** Tells every instance the newest version's number (after a publication, or again when it is repeated). */
  async announce(seq: number): Promise<void> {
    if (this.latestSeq) await this.latestSeq.redis.set(this.latestSeq.key, String(seq));
  }

  private async readList(): Promise<Omit<StoredConsentVersion, 'text'>[]> {
    const docs = await this.collection.find({}, { sort: { seq: 1 }, projection: { text: 0 } }).toArray();
    return docs.map(({ _id, seq, hash, publishedAt }) => ({ versionId: _id, seq, hash, publishedAt }));
  }

}
