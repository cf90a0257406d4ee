import type { MbtiUploadResponse } from '@study/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useCreateStatisticsLink } from './api/create-statistics-link';
import { parseMbtiCsv, type RejectedRow } from './api/parse-mbti-csv';
import { useUploadMbtiScores } from './api/upload-mbti-scores';
import { messageOf } from '../../lib/message-of';

export type Upload =
  | { state: 'idle' }
  | { state: 'reading' }
  | { state: 'uploading'; rowCount: number }
  | { state: 'done'; fileName: string; rowCount: number; result: MbtiUploadResponse | null; rejected: RejectedRow[] }
  | { state: 'failed'; message: string; rejected: RejectedRow[] };

export type StatsDownload = { state: 'idle' } | { state: 'starting' } | { state: 'started' } | { state: 'failed'; message: string };

function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name);
}

function message(error: unknown): string {
  return messageOf(error);
}

/**
 * The MBTI Scores page's state: the file chosen (a .csv only), its reading and upload with the
 * rows not used, and the statistics download.
 */
export function useMbtiLoad(download: (url: string) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [stats, setStats] = useState<StatsDownload>({ state: 'idle' });
  const { mutateAsync: uploadMbtiScores } = useUploadMbtiScores();
  const { mutateAsync: createStatisticsLink } = useCreateStatisticsLink();
  const busy = upload.state === 'reading' || upload.state === 'uploading';

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
    if (!file || busy) return;
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
      const result = await uploadMbtiScores({ rows: parsed.rows });
      setUpload({ state: 'done', fileName: file.name, rowCount: parsed.rowCount, result, rejected: parsed.rejected });
    } catch (error) {
      setUpload({ state: 'failed', message: message(error), rejected: parsed.rejected });
    }
  };

  const downloadStatistics = async () => {
    if (stats.state === 'starting') return;
    setStats({ state: 'starting' });
    try {
      download(await createStatisticsLink());
      setStats({ state: 'started' });
    } catch (error) {
      setStats({ state: 'failed', message: message(error) });
    }
  };

  return { file, fileError, chooseFile, busy, upload, submit, stats, downloadStatistics };
}

export type MbtiLoadState = ReturnType<typeof useMbtiLoad>;
