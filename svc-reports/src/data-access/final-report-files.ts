import { Binary, MongoServerError, type Collection, type Db, type Filter } from 'mongodb';
import { replacedVersionsFilter } from '@study/versioned-writes';

export const FINAL_REPORT_FILES_COLLECTION = 'final-report-files';

/**
 * One final report PDF: `_id` = `<pgId>:<score version>`, so the same version of a final
 * score is rendered and stored once, however often its event arrives (the insert claims it).
 * A PDF of this report is tens of kilobytes, far below the 16 MB document limit.
 */
export interface FinalReportFile {
  _id: string;
  pgId: string;
  version: number;
  contentType: 'application/pdf';
  byteLength: number;
  pdf: Binary;
  createdAt: Date;
}

const DUPLICATE_KEY = 11000;

/**
 * Stored files kept in memory after a read. A file never changes once stored (its id names the
 * score version), so a kept one is never stale; it is only reached through the participant's
 * report document, which erasure deletes; it is not served after FILE_CACHE_TTL_MS and leaves
 * memory at the next file kept after that.
 */
const FILE_CACHE_BYTES = 8 * 1024 * 1024;
export const FILE_CACHE_TTL_MS = 10 * 60_000;

/** The files read last, oldest first: the oldest leave once they pass FILE_CACHE_BYTES, any one after FILE_CACHE_TTL_MS. */
class KeptFiles {
  private readonly files = new Map<string, { file: FinalReportFile; keptAt: number }>();
  private bytes = 0;

  get(id: string): FinalReportFile | undefined {
    const kept = this.files.get(id);
    if (!kept) return undefined;
    if (Date.now() - kept.keptAt > FILE_CACHE_TTL_MS) {
      this.delete(id);
      return undefined;
    }
    return kept.file;
  }

  set(id: string, file: FinalReportFile): void {
    this.delete(id);
    this.files.set(id, { file, keptAt: Date.now() });
    this.bytes += file.byteLength;
    // Oldest first: those past their time or over the size go.
    for (const [oldest, { keptAt }] of this.files) {
      if (this.bytes <= FILE_CACHE_BYTES && Date.now() - keptAt <= FILE_CACHE_TTL_MS) break;
      this.delete(oldest);
    }
  }

  delete(id: string): void {
    const kept = this.files.get(id);
    if (!kept) return;
    this.files.delete(id);
    this.bytes -= kept.file.byteLength;
  }
}

export function finalReportFileId(pgId: string, version: number): string {
  return `${pgId}:${version}`;
}

export class FinalReportFiles {
  readonly collection: Collection<FinalReportFile>;
  private readonly kept = new KeptFiles();

  constructor(db: Db) {
    this.collection = db.collection<FinalReportFile>(FINAL_REPORT_FILES_COLLECTION);
  }

  /** The indexes behind every query here besides `_id`: a participant's files by version (removeOlderThan, erasure). */
  async ensureIndexes(): Promise<void> {
    await this.collection.createIndex({ pgId: 1, version: 1 }, { name: 'pgId_1_version_1' });
  }

  async find(pgId: string, version: number): Promise<FinalReportFile | null> {
    return this.collection.findOne({ _id: finalReportFileId(pgId, version) });
  }

  /** A stored file by its id (`<pgId>:<version>`), read only: no lock, no write; from memory when read before. */
  async findById(id: string): Promise<FinalReportFile | null> {
    const kept = this.kept.get(id);
    if (kept) return kept;
    const file = await this.collection.findOne({ _id: id });
    if (file) this.kept.set(id, file);
    return file;
  }

  /** Stores the file; false when this version is stored already (another delivery or request got there first). */
  async insert(file: FinalReportFile): Promise<boolean> {
    try {
      await this.collection.insertOne(file);
      return true;
    } catch (err) {
      if (err instanceof MongoServerError && err.code === DUPLICATE_KEY) return false;
      throw err;
    }
  }

  /**
   * Stores the PDF of one score version and answers the file stored for it: this one, or the one
   * another delivery or request stored first (null should that one be gone meanwhile).
   */
  async store(made: { pgId: string; version: number; pdf: Buffer; createdAt: Date }): Promise<FinalReportFile | null> {
    const file: FinalReportFile = {
      _id: finalReportFileId(made.pgId, made.version),
      pgId: made.pgId,
      version: made.version,
      contentType: 'application/pdf',
      byteLength: made.pdf.length,
      pdf: new Binary(made.pdf),
      createdAt: made.createdAt,
    };
    return (await this.insert(file)) ? file : this.find(made.pgId, made.version);
  }

  /** Deletes the participant's files of the score versions `version` replaces (a newer score, or a clear). */
  async removeOlderThan(pgId: string, version: number): Promise<number> {
    // Cast: the driver's filter type has no null for a field every file holds (the rule's filter also matches a missing one).
    return (await this.collection.deleteMany({ pgId, ...replacedVersionsFilter('version', version) } as Filter<FinalReportFile>)).deletedCount;
  }

  async remove(id: string): Promise<void> {
    this.kept.delete(id);
    await this.collection.deleteOne({ _id: id });
  }
}

/** The PDF bytes of a stored file. */
export function pdfBytes(file: FinalReportFile): Buffer {
  return Buffer.from(file.pdf.read(0, file.pdf.length()));
}
