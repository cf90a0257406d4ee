import { randomUUID } from 'node:crypto';
import type { Collection, Db } from 'mongodb';
import type { MbtiScores } from '@study/contracts';
import { documentLockKey } from '@study/document-writes';
import { runHoldingAll, type KeyedLock } from '@study/keyed-lock';
import { replacesVersion } from '@study/versioned-writes';
import { MBTI_SCORE_FIELDS, MBTI_SCORES_COLLECTION, type MbtiScoresDocument } from '../mbti-scores-repository';
import { ADMIN_ROW_PATHS, type ExportRecord, type ParticipantSelection } from '../participant-records';
import { PARTICIPANTS_COLLECTION } from '../participants-repository';
import { storedAnswers, storedScores } from '../stored-participant';
import { rowCode } from './row-code';
import { ADMIN_ROW_STALE, ADMIN_ROW_STAMP, ADMIN_ROW_VERSION, ERASED_ROW_VERSION } from './stale-row';

/**
 * The study team's read model: one row per participant with what the statistics, the roster, the
 * analysis export and the enrollment figures read, and their official MBTI result, so each of
 * those is one scan of a few dozen documents instead of a read of every participant document
 * (FerretDB converts every field of every document it reads: 6,000 participant documents take
 * seconds, a few dozen documents of coded rows a fraction of one).
 *
 * The rows live in pages: `{_id, rows: {<pgId>: '<version>:<code>'}, mbti: {<pgId>: '<version>:<code>'}}`,
 * an empty code for an erased participant. A pass writes one new page with the rows it rebuilt
 * (one insert: FerretDB 1.24 holds a connection per update statement, so many small updates
 * cost far more); where pages hold a participant twice the higher version wins, so the order of
 * pages never matters. A read that finds many pages folds them into a few (compaction).
 *
 * Kept current like an outbox: every write of a participant document marks it in the same write
 * (stale-row.ts: a mark, a fresh stamp, the next version), and a pass, one at a time across
 * instances (the lock), rebuilds the rows of the marked documents and clears the marks whose
 * stamp it read, under the documents' locks (a document written since keeps its mark). Passes
 * run on a schedule and before every admin read, so a read sees every write before it. An MBTI
 * upload writes its own page.
 */
export const ADMIN_ROWS_COLLECTION = 'admin-rows';
/** The rows' format and an MBTI upload in progress. */
export const ADMIN_ROWS_STATE_COLLECTION = 'admin-rows-state';
/** The lock every pass and every MBTI upload holds while it writes rows. */
export const ADMIN_ROWS_LOCK_KEY = 'admin-rows';
/** Changing what a row holds: raise this, and every row is rebuilt at the next start. */
export const ADMIN_ROWS_FORMAT = 1;

/**
 * Documents rebuilt per pass (one read, one insert, one update per CLEARED_PER_UPDATE). Large:
 * clearing the marks reads every marked document (FerretDB does not narrow by the stamps), so a
 * backlog costs less in few passes.
 */
const PASS_SIZE = 2000;
/** Marks cleared per update, each under its documents' locks. */
const CLEARED_PER_UPDATE = 200;
/** A read that finds more pages than this folds them. */
const MOST_PAGES = 24;
/** Rows per page when pages are folded. */
const ROWS_PER_FOLDED_PAGE = 500;
const FORMAT_ID = 'format';
const MBTI_SYNC_ID = 'mbti-upload';

/** An MBTI result as the admin rows keep it. */
export type RowMbti = MbtiScores & { uploadedAt: Date };

/** A participant's row: what the admin tools read of them, and their official MBTI result, if any. */
export interface AdminRow {
  participant: ExportRecord;
  mbti?: RowMbti;
}

interface Page {
  _id: string;
  rows?: Record<string, string>;
  mbti?: Record<string, string>;
}

type StaleDocument = Omit<ExportRecord, '_id'> & { _id: string; erased?: boolean; [ADMIN_ROW_STAMP]?: string; [ADMIN_ROW_VERSION]?: number; [ADMIN_ROW_STALE]?: true };

const participantCode = rowCode<Omit<ExportRecord, '_id'>>(ADMIN_ROW_PATHS);

/** A document's row values: its Nardi scores and self-assessment answers as values, though the document holds them as JSON text (stored-participant.ts). */
function rowValues(doc: StaleDocument): StaleDocument {
  const { nardi, selfAssessment } = doc.surveys ?? {};
  if (typeof nardi?.scores !== 'string' && typeof selfAssessment?.answers !== 'string') return doc;
  return {
    ...doc,
    surveys: {
      ...doc.surveys,
      ...(nardi ? { nardi: { ...nardi, scores: storedScores(nardi.scores) } } : {}),
      ...(selfAssessment ? { selfAssessment: { ...selfAssessment, answers: storedAnswers(selfAssessment.answers) } } : {}),
    },
  };
}
const mbtiCode = rowCode<RowMbti>([...MBTI_SCORE_FIELDS, 'uploadedAt']);
const PARTICIPANT_PROJECTION = { ...Object.fromEntries(ADMIN_ROW_PATHS.map((path) => [path, 1])), erased: 1, [ADMIN_ROW_STAMP]: 1, [ADMIN_ROW_VERSION]: 1 };
const MBTI_PROJECTION = { ...Object.fromEntries(MBTI_SCORE_FIELDS.map((field) => [field, 1])), uploadedAt: 1 };

/** A versioned entry of a page: '<version>:<code>'; an empty code: nothing (erased). */
interface Entry {
  version: number;
  code: string;
}

const entry = (version: number, code: string) => `${version}:${code}`;
const mbtiEntry = (result: RowMbti) => entry(result.uploadedAt.getTime(), mbtiCode.encode(result));

function parseEntry(value: string): Entry {
  const colon = value.indexOf(':');
  return { version: Number(value.slice(0, colon)), code: value.slice(colon + 1) };
}

/** The newest entry per participant over any number of pages. */
class Newest {
  readonly rows = new Map<string, Entry>();
  readonly mbti = new Map<string, Entry>();

  add(page: Page): void {
    Newest.merge(this.rows, page.rows);
    Newest.merge(this.mbti, page.mbti);
  }

  private static merge(into: Map<string, Entry>, entries: Record<string, string> | undefined): void {
    for (const [pgId, value] of Object.entries(entries ?? {})) {
      const next = parseEntry(value);
      const held = into.get(pgId);
      if (!held || replacesVersion(next.version, held.version)) into.set(pgId, next);
    }
  }

  /** The participants who have a row (not erased), in study-ID order. */
  pgIds(): string[] {
    return [...this.rows].flatMap(([pgId, { code }]) => (code === '' ? [] : [pgId])).sort();
  }
}

const newPageId = () => `${Date.now().toString(36).padStart(9, '0')}-${randomUUID()}`;

export class AdminRows {
  readonly pages: Collection<Page>;
  private readonly participants: Collection<StaleDocument>;
  private readonly mbtiScores: Collection<MbtiScoresDocument>;
  private readonly state: Collection<{ _id: string; version?: number; startedAt?: Date }>;

  constructor(
    db: Db,
    private readonly lock: KeyedLock,
  ) {
    this.pages = db.collection<Page>(ADMIN_ROWS_COLLECTION);
    this.participants = db.collection<StaleDocument>(PARTICIPANTS_COLLECTION);
    this.mbtiScores = db.collection<MbtiScoresDocument>(MBTI_SCORES_COLLECTION);
    this.state = db.collection(ADMIN_ROWS_STATE_COLLECTION);
  }

  /**
   * At start: the index the passes read by, and, when the rows were built in another format (or
   * never), every row built again from the participant documents; an MBTI upload a crash cut
   * short is resynced.
   */
  async prepare(): Promise<void> {
    await this.participants.createIndex({ [ADMIN_ROW_STALE]: 1 }, { name: `${ADMIN_ROW_STALE}_1` });
    await this.lock.run(ADMIN_ROWS_LOCK_KEY, async () => {
      const format = await this.state.findOne({ _id: FORMAT_ID });
      if (format?.version !== ADMIN_ROWS_FORMAT) {
        await this.pages.deleteMany({});
        // Every row built from the documents as they are (no document is written: another
        // instance may be writing them); a document written meanwhile carries its mark.
        let batch: StaleDocument[] = [];
        let built = 0;
        for await (const doc of this.participants.find({ erased: { $ne: true } }, { projection: PARTICIPANT_PROJECTION, batchSize: 1000 })) {
          batch.push(doc);
          built += 1;
          if (batch.length === PASS_SIZE) {
            await this.pages.insertOne(this.pageOf(batch, []));
            batch = [];
          }
        }
        if (batch.length > 0) await this.pages.insertOne(this.pageOf(batch, []));
        await this.mbtiResynced();
        // A fresh stack's database stays empty (a restore goes only into an empty one): the
        // format is recorded once there are rows, and until then each start finds nothing to build.
        if (built > 0) await this.state.updateOne({ _id: FORMAT_ID }, { $set: { version: ADMIN_ROWS_FORMAT } }, { upsert: true });
      } else if (await this.state.findOne({ _id: MBTI_SYNC_ID })) await this.mbtiResynced();
    });
  }

  /** Rebuilds the rows of every participant written since the last pass; answers how many. */
  async catchUp(): Promise<number> {
    return this.lock.run(ADMIN_ROWS_LOCK_KEY, () => this.passes());
  }

  /** Runs fn with every row current and none rebuilt meanwhile (the lock held): an MBTI upload decides and writes with it. */
  async whileCurrent<T>(fn: () => Promise<T>): Promise<T> {
    return this.lock.run(ADMIN_ROWS_LOCK_KEY, async () => {
      if (await this.state.findOne({ _id: MBTI_SYNC_ID })) await this.mbtiResynced();
      await this.passes();
      return fn();
    });
  }

  /** Every current row in study-ID order (all participants, or those linked to an Open Humans member); erased participants have none. */
  async *current(selection: ParticipantSelection = 'all'): AsyncGenerator<AdminRow> {
    await this.catchUp();
    const newest = await this.newest();
    for (const pgId of newest.pgIds()) {
      const participant: ExportRecord = { ...participantCode.decode(newest.rows.get(pgId)!.code), _id: pgId };
      if (selection === 'linked' && participant.openHumans?.memberId === undefined) continue;
      const mbti = newest.mbti.get(pgId)?.code;
      yield mbti ? { participant, mbti: mbtiCode.decode(mbti) } : { participant };
    }
  }

  /** Within whileCurrent: each participant's stored MBTI scores (undefined without any), by study ID. */
  async scoresByParticipant(): Promise<Map<string, MbtiScores | undefined>> {
    const newest = await this.newest();
    return new Map(
      newest.pgIds().map((pgId) => {
        const mbti = newest.mbti.get(pgId)?.code;
        return [pgId, mbti ? mbtiCode.decode(mbti) : undefined];
      }),
    );
  }

  /**
   * Within whileCurrent: the rows of the results an upload stores, written after the upload's
   * own writes. A crash between them leaves the marker, and the next start or upload resyncs
   * every MBTI row from the stored results.
   */
  async storingMbti<T>(results: ReadonlyArray<{ pgId: string; scores: MbtiScores }>, uploadedAt: Date, store: () => Promise<T>): Promise<T> {
    if (results.length === 0) return store();
    await this.state.updateOne({ _id: MBTI_SYNC_ID }, { $set: { startedAt: uploadedAt } }, { upsert: true });
    const stored = await store();
    await this.pages.insertOne({ _id: newPageId(), mbti: Object.fromEntries(results.map(({ pgId, scores }) => [pgId, mbtiEntry({ ...scores, uploadedAt })])) });
    await this.state.deleteOne({ _id: MBTI_SYNC_ID });
    return stored;
  }

  /** Every page read and merged; many pages are folded into a few (the merge is already in hand). */
  private async newest(): Promise<Newest> {
    const newest = new Newest();
    const read: string[] = [];
    for await (const page of this.pages.find({}, { batchSize: 64 })) {
      newest.add(page);
      read.push(page._id);
    }
    if (read.length > MOST_PAGES) await this.fold(newest, read);
    return newest;
  }

  /**
   * Writes the merged rows as a few pages, then removes the pages they came from. Needs no lock:
   * a page written meanwhile is kept, and a fold that stops halfway leaves copies the versions
   * tell apart.
   */
  private async fold(newest: Newest, read: readonly string[]): Promise<void> {
    const pgIds = [...new Set([...newest.rows.keys(), ...newest.mbti.keys()])].sort();
    const pages: Page[] = [];
    for (let start = 0; start < pgIds.length; start += ROWS_PER_FOLDED_PAGE) {
      const page: Page = { _id: newPageId(), rows: {}, mbti: {} };
      for (const pgId of pgIds.slice(start, start + ROWS_PER_FOLDED_PAGE)) {
        const row = newest.rows.get(pgId);
        const mbti = newest.mbti.get(pgId);
        // An erased participant's row stays (its version keeps older copies out); their MBTI result does not.
        if (row) page.rows![pgId] = entry(row.version, row.code);
        if (mbti && row?.code !== '') page.mbti![pgId] = entry(mbti.version, mbti.code);
      }
      pages.push(page);
    }
    if (pages.length > 0) await this.pages.insertMany(pages);
    await this.pages.deleteMany({ _id: { $in: [...read] } });
  }

  private async passes(): Promise<number> {
    let rebuilt = 0;
    for (;;) {
      const count = await this.pass();
      rebuilt += count;
      if (count < PASS_SIZE) return rebuilt;
    }
  }

  /** One pass: the marked documents (at most PASS_SIZE), their MBTI results, one page written, the marks cleared. */
  private async pass(): Promise<number> {
    const marked = await this.participants.find({ [ADMIN_ROW_STALE]: true }, { projection: PARTICIPANT_PROJECTION, limit: PASS_SIZE, batchSize: PASS_SIZE }).toArray();
    if (marked.length === 0) return 0;
    const live = marked.filter((doc) => doc.erased !== true).map((doc) => doc._id);
    const results = live.length === 0 ? [] : await this.mbtiScores.find({ _id: { $in: live } }, { projection: MBTI_PROJECTION }).toArray();

    await this.pages.insertOne(this.pageOf(marked, results));
    // FerretDB applies an update as read, change, write back the whole document: a mark is
    // cleared only under the document's lock, which every writer of a participant holds. Stamps
    // are unique per write: a document written since it was read holds another and keeps its mark.
    const ids = marked.map((doc) => doc._id);
    const stamps = marked.flatMap((doc) => (doc[ADMIN_ROW_STAMP] ? [doc[ADMIN_ROW_STAMP]] : []));
    for (let start = 0; start < ids.length; start += CLEARED_PER_UPDATE) {
      const chunk = ids.slice(start, start + CLEARED_PER_UPDATE);
      await runHoldingAll(this.lock, chunk.map((id) => documentLockKey(PARTICIPANTS_COLLECTION, id)), () =>
        this.participants.updateMany({ _id: { $in: chunk }, [ADMIN_ROW_STALE]: true, [ADMIN_ROW_STAMP]: { $in: stamps } }, { $unset: { [ADMIN_ROW_STALE]: '' } }),
      );
    }
    return marked.length;
  }

  /** A page of the rows of these documents, with their MBTI results. */
  private pageOf(docs: readonly StaleDocument[], results: readonly MbtiScoresDocument[]): Page {
    const page: Page = { _id: newPageId(), rows: {}, mbti: {} };
    for (const doc of docs) {
      const erased = doc.erased === true;
      const version = erased ? ERASED_ROW_VERSION : (doc[ADMIN_ROW_VERSION] ?? 0);
      page.rows![doc._id] = entry(version, erased ? '' : participantCode.encode(rowValues(doc)));
      if (erased) page.mbti![doc._id] = entry(ERASED_ROW_VERSION, '');
    }
    for (const result of results) page.mbti![result._id] = mbtiEntry(result);
    return page;
  }

  /** Every stored MBTI result written as one page (after an upload a crash cut short). */
  private async mbtiResynced(): Promise<void> {
    const mbti: Record<string, string> = {};
    for await (const result of this.mbtiScores.find({}, { projection: MBTI_PROJECTION, batchSize: 1000 })) mbti[result._id] = mbtiEntry(result);
    if (Object.keys(mbti).length > 0) await this.pages.insertOne({ _id: newPageId(), mbti });
    await this.state.deleteOne({ _id: MBTI_SYNC_ID });
  }
}
