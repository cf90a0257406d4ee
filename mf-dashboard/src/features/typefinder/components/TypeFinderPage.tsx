import './typefinder.css';
import { useClientStore } from '@study/client-state';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ParticipantGate, type Participant } from '../../../components/ParticipantGate';
import { StudyEmailField } from '../../../components/StudyEmailField';
import { useLoadParticipant } from '../../../api/get-participant';
import { useSettings } from '../../../api/get-settings';
import { errorMessage } from '../../../lib/error-message';
import { studyEmail } from '../../../lib/study-email';
import { useClaimTypeFinderResult } from '../api/claim-typefinder-result';

/** The notices' topic for what 'Submit Results' found (no longer used for failures, which stay on the page). */
export const TYPEFINDER_TOPIC = 'typefinder';

/** What to do after a failed 'Submit Results', under the server's message. */
export const SUBMIT_FAILED_ADVICE = 'If you have not taken the test yet, take it above first, then press Submit Results.';

function TypeFinder({ pgId }: Participant) {
  const store = useClientStore();
  const navigate = useNavigate();
  const settings = useSettings();
  const { mutateAsync: claimTypeFinderResult } = useClaimTypeFinderResult();
  const loadParticipant = useLoadParticipant();
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { typeCode } = await claimTypeFinderResult({ pgId });
      store.setSurvey({ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode });
      await loadParticipant(pgId);
    } catch (error) {
      // Usually no result for the study email yet (often: the test not taken). The participant
      // stays here, with the study email and the test in reach, and the message stays until the next try.
      setFailure(errorMessage(error));
      setSubmitting(false);
      return;
    }
    navigate('/survey');
  };

  if (settings.isError) {
    return (
      <Notice style="danger" title="The TypeFinder test could not be loaded.">
        <p>{errorMessage(settings.error)}</p>
      </Notice>
    );
  }
  if (!settings.isSuccess) return <Spinner label="Loading the TypeFinder test..." />;
  const email = studyEmail(pgId, settings.data.studyEmailHost);
  const widgetUrl = settings.data.typeFinderWidgetUrl;

  return (
    <>
      <ol className="assessment-steps">
        <li>Copy your study email with the Copy ID button.</li>
        <li>Take the test below. Where it asks for an email address, paste your study email, not your own.</li>
        <li>When the test says your results have been sent, press Submit Results.</li>
      </ol>
      <StudyEmailField email={email} copyLabel="Copy ID" />
      {widgetUrl === undefined ? (
        <Notice style="warning" title="The TypeFinder test is not available here.">
          <p>This deployment of the study has no TypeFinder provider configured. Please contact the study team.</p>
        </Notice>
      ) : (
        // The provider's page as configured: the study email is pasted into it, never put in its
        // address, where the provider's logs and the browser's history would keep it.
        <iframe className="typefinder-widget" title="TypeFinder personality test" src={widgetUrl} />
      )}
      <div className="btn-row assessment-actions">
        <Button onClick={() => void submit()} disabled={submitting || widgetUrl === undefined} aria-busy={submitting}>
          Submit Results
        </Button>
      </div>
      {submitting && <Spinner label="Looking up your results..." />}
      {failure !== null && (
        <div className="typefinder-failure">
          <Notice style="danger" title="Your results were not found.">
            <p>{failure}</p>
            <p>{SUBMIT_FAILED_ADVICE}</p>
          </Notice>
        </div>
      )}
    </>
  );
}

/** /typefinder: the study email to copy, the provider's test in a frame, and 'Submit Results'. */
export function TypeFinderPage() {
  return (
    <Page title="TypeFinder" lead="A short personality test run by our partner, the TypeFinder provider.">
      <ParticipantGate>{(participant) => <TypeFinder {...participant} />}</ParticipantGate>
    </Page>
  );
}
