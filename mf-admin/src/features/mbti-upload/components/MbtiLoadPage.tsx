import '../../../components/admin.css';
import { MBTI_CSV_COLUMNS, type MbtiUploadResponse } from '@study/contracts';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { httpAdminApi, startDownload, type AdminApi } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useMasterKey } from '../../../lib/master-key';
import { parseMbtiCsv, type RejectedRow } from '../api/parse-mbti-csv';

export interface MbtiLoadPageProps {
  api?: AdminApi;
  /** Starts the browser download of a same-origin address (replaced in tests). */
  download?: (url: string) => void;
}

type Upload =
  | { state: 'idle' }
  | { state: 'reading' }
  | { state: 'uploading'; rowCount: number }
  | { state: 'done'; fileName: string; rowCount: number; result: MbtiUploadResponse | null; rejected: RejectedRow[] }
  | { state: 'failed'; message: string; rejected: RejectedRow[] };

type StatsDownload = { state: 'idle' } | { state: 'starting' } | { state: 'started' } | { state: 'failed'; message: string };

/** The five counts of the bulk write (product.md section 3), each with the words the study team reads. */
const COUNTS = [
  { field: 'insertedCount', label: 'Inserted' },
  { field: 'matchedCount', label: 'Matched' },
  { field: 'modifiedCount', label: 'Modified' },
  { field: 'deletedCount', label: 'Deleted' },
  { field: 'upsertedCount', label: 'Upserted' },
] as const;

function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function RejectedRows({ rows }: { rows: RejectedRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="rejected-rows-title">
      <h2 id="rejected-rows-title">Rows not used ({rows.length})</h2>
      <p className="admin-help">These rows were not sent. Correct them and upload the file again: the rows stored already are left as they are when their scores have not changed.</p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col" className="admin-table__num">
                Line
              </th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ line, reason }, i) => (
              <tr key={`${line}-${i}`}>
                <td className="admin-table__num">{line}</td>
                <td>{reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function UploadResult({ upload }: { upload: Extract<Upload, { state: 'done' }> }) {
  const { result } = upload;
  if (!result) {
    return (
      <Notice style="warning" title={`Nothing was uploaded from ${upload.fileName}.`}>
        <p>None of its {plural(upload.rowCount, 'row', 'rows')} could be used; see below why.</p>
      </Notice>
    );
  }
  return (
    <>
      <Notice style="success" title={`${upload.fileName} has been uploaded.`}>
        <p>
          {plural(upload.rowCount, 'row', 'rows')} read; {plural(result.updatedParticipants, 'participant has', 'participants have')} a new or changed MBTI result.
        </p>
        <dl className="admin-counts" aria-label="Upload counts">
          {COUNTS.map(({ field, label }) => (
            <div key={field}>
              <dt>{label}</dt>
              <dd>{result[field]}</dd>
            </div>
          ))}
        </dl>
      </Notice>
      {result.unknownPgIds.length > 0 && (
        <Notice style="warning" title={`${plural(result.unknownPgIds.length, 'study ID is', 'study IDs are')} not in the study; nothing was stored for ${result.unknownPgIds.length === 1 ? 'it' : 'them'}.`}>
          <ul className="admin-id-list" aria-label="Unknown study IDs">
            {result.unknownPgIds.map((pgId) => (
              <li key={pgId}>{pgId}</li>
            ))}
          </ul>
        </Notice>
      )}
    </>
  );
}

const defaultApi = httpAdminApi();

/** /mbti-load: upload the MBTI provider's score export, and download the statistics. */
export function MbtiLoadPage({ api = defaultApi, download = startDownload }: MbtiLoadPageProps) {
  const fileInputId = useId();
  const [masterKey, setMasterKey] = useMasterKey();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [stats, setStats] = useState<StatsDownload>({ state: 'idle' });
  const busy = upload.state === 'reading' || upload.state === 'uploading';
  const hasKey = masterKey.trim() !== '';

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setUpload({ state: 'idle' });
    if (chosen && !isCsvFile(chosen)) {
      setFile(null);
      setFileError(`${chosen.name} is not a .csv file. Only .csv files are accepted.`);
      event.target.value = '';
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !hasKey || busy) return;
    setUpload({ state: 'reading' });
    let parsed;
    try {
      parsed = parseMbtiCsv(await file.text());
    } catch (error) {
      console.error('MBTI upload: the file could not be read', error);
      setUpload({ state: 'failed', message: `${file.name} could not be read. ${message(error)}`, rejected: [] });
      return;
    }
    const rowCount = Object.keys(parsed.rows).length;
    if (rowCount === 0) {
      setUpload({ state: 'done', fileName: file.name, rowCount: parsed.rowCount, result: null, rejected: parsed.rejected });
      return;
    }
    setUpload({ state: 'uploading', rowCount });
    try {
      const result = await api.uploadMbtiScores(masterKey, parsed.rows);
      setUpload({ state: 'done', fileName: file.name, rowCount: parsed.rowCount, result, rejected: parsed.rejected });
    } catch (error) {
      setUpload({ state: 'failed', message: message(error), rejected: parsed.rejected });
    }
  };

  const downloadStatistics = async () => {
    if (!hasKey || stats.state === 'starting') return;
    setStats({ state: 'starting' });
    try {
      download(await api.downloadLink(masterKey, 'stats'));
      setStats({ state: 'started' });
    } catch (error) {
      setStats({ state: 'failed', message: message(error) });
    }
  };

  return (
    <Page title="MBTI Scores" lead="Upload the MBTI provider's score export, and download the study statistics.">
      <AdminNav />
      <form className="card" onSubmit={submit} aria-label="Upload MBTI scores">
        <MasterKeyField value={masterKey} onChange={setMasterKey} />
        <div className="admin-file">
          <label className="admin-file__label" htmlFor={fileInputId}>
            Score file (.csv)
          </label>
          <input
            id={fileInputId}
            className="admin-file__input"
            type="file"
            name="scores"
            accept=".csv,text/csv"
            onChange={chooseFile}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileInputId}-help`}
          />
          <p className="admin-file__name" id={`${fileInputId}-help`}>
            Columns read: {Object.values(MBTI_CSV_COLUMNS).join(', ')}. The study ID is the part of {MBTI_CSV_COLUMNS.email} before the @.
          </p>
        </div>
        {fileError && <Notice style="danger" title={fileError} />}
        <div className="btn-row">
          <Button type="submit" disabled={!file || !hasKey || busy}>
            Upload scores
          </Button>
        </div>
      </form>

      {upload.state === 'reading' && <Spinner label="Reading the file..." />}
      {upload.state === 'uploading' && <Spinner label={`Uploading ${upload.rowCount} rows...`} />}
      {upload.state === 'failed' && (
        <Notice style="danger" title="The scores were not uploaded.">
          <p>{upload.message}</p>
        </Notice>
      )}
      {upload.state === 'done' && <UploadResult upload={upload} />}
      {(upload.state === 'done' || upload.state === 'failed') && <RejectedRows rows={upload.rejected} />}

      <section className="admin-section card" aria-labelledby="statistics-title">
        <h2 id="statistics-title">Statistics</h2>
        <p className="admin-help">One row per participant: consent, dataReady, genotype, each survey&apos;s status and type, the Nardi consistency, the final type and the dates.</p>
        <Button variant="secondary" onClick={downloadStatistics} disabled={!hasKey || stats.state === 'starting'}>
          Download statistics
        </Button>
        {stats.state === 'starting' && <Spinner label="Preparing the download..." />}
        {stats.state === 'started' && <Notice style="success" title="The statistics download has started." />}
        {stats.state === 'failed' && (
          <Notice style="danger" title="The statistics could not be downloaded.">
            <p>{stats.message}</p>
          </Notice>
        )}
      </section>
    </Page>
  );
}
