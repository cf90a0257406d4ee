import { MBTI_CSV_COLUMNS } from '@study/contracts';
import { Button, Notice } from '@study/ui';
import { useId } from 'react';
import type { MbtiLoadState } from '../use-mbti-load';

/** The score file, and the button that uploads it. */
export function MbtiUploadForm({ state }: { state: MbtiLoadState }) {
  const fileInputId = useId();
  const { file, fileError, chooseFile, busy, submit } = state;
  return (
    <form className="card" onSubmit={submit} aria-label="Upload MBTI scores">
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
        <Button type="submit" disabled={!file || busy}>
          Upload scores
        </Button>
      </div>
    </form>
  );
}
