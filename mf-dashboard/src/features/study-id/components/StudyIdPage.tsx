import './study-id.css';
import { ButtonLink, Notice, Page } from '@study/ui';
import { StudyIdForm } from './StudyIdForm';

export interface StudyIdPageProps {
  /** What the field starts with (the study ID from the address, if any). */
  initialValue?: string;
  /** The study ID entered last is unknown to the study. */
  notFound?: boolean;
  /** Receives the study ID in lower case. */
  onSubmit: (pgId: string) => void;
}

/** Where a participant enters the study ID that opens their dashboard. */
export function StudyIdPage({ initialValue = '', notFound = false, onSubmit }: StudyIdPageProps) {
  return (
    <Page title="Participant Dashboard" lead="Enter your study ID to see your surveys and results.">
      {notFound && (
        <Notice style="danger" title="The ID you entered was not found.">
          <p>Please check the entry and try again.</p>
        </Notice>
      )}
      <div className="card">
        {/* A new address means a new ID to show: start the form afresh. */}
        <StudyIdForm key={initialValue} initialValue={initialValue} notFound={notFound} onSubmit={onSubmit} />
      </div>
      <div className="study-id-signup">
        <h2>Not signed up yet?</h2>
        <p>Taking part starts with the consent form.</p>
        <ButtonLink to="/consent" variant="secondary">
          Yes I&apos;d Like to Participate
        </ButtonLink>
      </div>
    </Page>
  );
}
