import { MongoServerError, type Binary, type Collection, type Db } from 'mongodb';

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

export function finalReportFileId(pgId: string, version: number): string {
  return `${pgId}:${version}`;
}

export class FinalReportFiles {
  readonly collection: Collection<FinalReportFile>;

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

  /** A stored file by its id (`<pgId>:<version>`), read only: no lock, no write. */
  async findById(id: string): Promise<FinalReportFile | null> {
    return this.collection.findOne({ _id: id });
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

  /** Deletes the participant's files for score versions before `version` (a newer one replaced them, or a clear). */
  async removeOlderThan(pgId: string, version: number): Promise<number> {
    return (await this.collection.deleteMany({ pgId, version: { $lt: version } })).deletedCount;
  }

  async remove(id: string): Promise<void> {
    await this.collection.deleteOne({ _id: id });
  }
}

/** The PDF bytes of a stored file. */
export function pdfBytes(file: FinalReportFile): Buffer {
  return Buffer.from(file.pdf.read(0, file.pdf.length()));
}
