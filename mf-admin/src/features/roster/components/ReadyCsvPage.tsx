import { Button, Notice, Page, Spinner, TextField } from '@study/ui';
import { useState, type FormEvent } from 'react';
import { downloadRoster, ROSTER_FILE_NAME } from '../api/download-roster';

type Status = { state: 'idle' } | { state: 'generating' } | { state: 'done' } | { state: 'failed'; message: string };

export interface ReadyCsvPageProps {
  /** Replaces the real download in tests. */
  download?: (masterKey: string) => Promise<void>;
}

/** /ready-csv: download the roster of participants whose data is ready, guarded by the master key. */
export function ReadyCsvPage({ download = downloadRoster }: ReadyCsvPageProps) {
  const [masterKey, setMasterKey] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const generating = status.state === 'generating';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!masterKey.trim() || generating) return;
    setStatus({ state: 'generating' });
    try {
      await download(masterKey);
      setStatus({ state: 'done' });
    } catch (error) {
      setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Page title="Participant Roster" lead={`Download the participants whose data is ready as ${ROSTER_FILE_NAME}.`}>
      <form className="card" onSubmit={submit}>
        <TextField
          label="Master Key"
          type="password"
          name="masterKey"
          autoComplete="off"
          value={masterKey}
          onChange={setMasterKey}
        />
        <Button type="submit" disabled={!masterKey.trim() || generating}>
          Submit
        </Button>
      </form>
      {generating && <Spinner label="Generating..." />}
      {status.state === 'done' && <Notice style="success" title={`${ROSTER_FILE_NAME} has been downloaded.`} />}
      {status.state === 'failed' && (
        <Notice style="danger" title="The roster could not be downloaded.">
          <p>{status.message}</p>
        </Notice>
      )}
    </Page>
  );
}
