import '../../../components/admin.css';
import './roster.css';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useState, type FormEvent } from 'react';
import { startDownload } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { Capabilities, ROLE_LABELS } from '../../../session/capabilities';
import { useStaffSession } from '../../../session/staff-session';
import { useCreateRosterLink } from '../api/create-roster-link';
import { ROSTER_CSV_COLUMNS, ROSTER_FILE_NAME, useDownloadRoster } from '../api/download-roster';
import { messageOf } from '../../../lib/message-of';

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
type LinkStatus = { state: 'idle' } | { state: 'starting' } | { state: 'started' } | { state: 'failed'; message: string };


/** The roster for a signed-in person whose role may download it: through a one-time link, no key typed. */
function SignedInRoster({ download }: { download: (url: string) => void }) {
  const { session } = useStaffSession();
  const { mutateAsync: createRosterLink } = useCreateRosterLink();
  const [status, setStatus] = useState<LinkStatus>({ state: 'idle' });

  const start = async () => {
    if (status.state === 'starting') return;
    setStatus({ state: 'starting' });
    try {
      download(await createRosterLink());
      setStatus({ state: 'started' });
    } catch (error) {
      setStatus({ state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <section className="card admin-section" aria-labelledby="roster-signed-in-title">
      <h2 id="roster-signed-in-title">Without the master key</h2>
      <p className="admin-help">
        Signed in{session ? ` as ${session.staff.name} (${ROLE_LABELS[session.staff.role]})` : ''}, you need no key: the download is recorded under your name.
      </p>
      <Button onClick={() => void start()} disabled={status.state === 'starting'}>
        Download the roster
      </Button>
      {status.state === 'starting' && <Spinner label="Preparing the download..." />}
      {status.state === 'started' && <Notice style="success" title={`The download of ${ROSTER_FILE_NAME} has started.`} />}
      {status.state === 'failed' && (
        <Notice style="danger" title="The roster could not be downloaded.">
          <p>{status.message}</p>
        </Notice>
      )}
    </section>
  );
}

export interface ReadyCsvPageProps {
  /** Starts the browser download of a same-origin address (replaced in tests). */
  download?: (url: string) => void;
}

/**
 * /ready-csv: download the roster of participants linked through Open Humans with the master key
 * (the spec's form, which needs no sign-in), or, signed in as a data manager, without it.
 */
export function ReadyCsvPage({ download = startDownload }: ReadyCsvPageProps) {
  const { can } = useStaffSession();
  // In this page's memory only: gone when the page is left.
  const [masterKey, setMasterKey] = useState('');
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
      setStatus({ state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <Page title="Participant Roster" lead={`Download ${ROSTER_FILE_NAME}: one row for every participant linked through Open Humans, with the columns listed below.`}>
      <AdminNav signInLink />
      {can(Capabilities.rosterDownload) && <SignedInRoster download={download} />}
      <form className="card" onSubmit={submit} aria-label="Roster download by key">
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
