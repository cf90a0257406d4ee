import '../../../components/admin.css';
import './roster.css';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useState, type FormEvent } from 'react';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useMasterKey } from '../../../lib/master-key';
import { ROSTER_CSV_COLUMNS, ROSTER_FILE_NAME, useDownloadRoster } from '../api/download-roster';

/** What each column of the file holds: one entry per column the service writes (ROSTER_CSV_COLUMNS), in its order. */
export const ROSTER_COLUMN_TEXTS: Record<(typeof ROSTER_CSV_COLUMNS)[number], string> = {
  studyId: 'the study ID',
  openHumansMemberId: 'the Open Humans project member id',
  consent: 'true while the participant consents (agreed, and the Open Humans authorization is still held)',
  genotypePresent: 'true once a genotype file of theirs is shared through Open Humans',
  dataReady: 'true once their official MBTI result is in (the MBTI type itself is not in this file)',
  consentedAt: 'when they consented (UTC, as 2026-03-05T14:03:12.000Z)',
};

type Status = { state: 'idle' } | { state: 'generating' } | { state: 'done' } | { state: 'failed'; message: string };

/** /ready-csv: download the roster of participants linked through Open Humans, guarded by the master key. */
export function ReadyCsvPage() {
  const [masterKey, setMasterKey] = useMasterKey();
  const { mutateAsync: downloadRoster } = useDownloadRoster();
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const generating = status.state === 'generating';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!masterKey.trim() || generating) return;
    setStatus({ state: 'generating' });
    try {
      await downloadRoster({ masterKey });
      setStatus({ state: 'done' });
    } catch (error) {
      setStatus({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <Page title="Participant Roster" lead={`Download ${ROSTER_FILE_NAME}: one row for every participant linked through Open Humans, with the columns listed below.`}>
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
      <section className="admin-section" aria-labelledby="roster-columns-title">
        <h2 id="roster-columns-title">The columns of {ROSTER_FILE_NAME}</h2>
        <dl className="roster-columns">
          {ROSTER_CSV_COLUMNS.map((column) => (
            <div key={column}>
              <dt>
                <code>{column}</code>
              </dt>
              <dd>{ROSTER_COLUMN_TEXTS[column]}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Page>
  );
}
