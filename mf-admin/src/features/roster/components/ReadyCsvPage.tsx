import '../../../components/admin.css';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useState, type FormEvent } from 'react';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useMasterKey } from '../../../lib/master-key';
import { downloadRoster, ROSTER_FILE_NAME } from '../api/download-roster';

type Status = { state: 'idle' } | { state: 'generating' } | { state: 'done' } | { state: 'failed'; message: string };

export interface ReadyCsvPageProps {
  /** Replaces the real download in tests. */
  download?: (masterKey: string) => Promise<void>;
}

/** /ready-csv: download the roster of participants linked through Open Humans, guarded by the master key. */
export function ReadyCsvPage({ download = downloadRoster }: ReadyCsvPageProps) {
  const [masterKey, setMasterKey] = useMasterKey();
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
    <Page
      title="Participant Roster"
      lead={`Download ${ROSTER_FILE_NAME}: every participant linked through Open Humans, with their Open Humans member id, consent, genotype and whether their MBTI result is in.`}
    >
      <AdminNav />
      <form className="card" onSubmit={submit}>
        <MasterKeyField value={masterKey} onChange={setMasterKey} />
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
