import './study-id.css';
import { ButtonLink, Page } from '@study/ui';
import { useNavigate, useParams } from 'react-router-dom';
import { StudyIdForm } from './StudyIdForm';

/** /survey and /survey/:pgId: where a participant enters (or sees) the study ID that opens their dashboard. */
export function StudyIdPage() {
  const { pgId } = useParams();
  const navigate = useNavigate();
  return (
    <Page title="Participant Dashboard" lead="Enter your study ID to see your surveys and results.">
      {pgId && (
        <p className="study-id-current">
          Study ID: <code>{pgId}</code>
        </p>
      )}
      <div className="card">
        {/* A new address means a new ID to show: start the form afresh. */}
        <StudyIdForm key={pgId ?? ''} initialValue={pgId ?? ''} onSubmit={(id) => navigate(`/survey/${id}`)} />
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
