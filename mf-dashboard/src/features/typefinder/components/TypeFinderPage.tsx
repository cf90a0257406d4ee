import './typefinder.css';
import { useClientStore } from '@study/client-state';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ParticipantGate, type Participant } from '../../../components/ParticipantGate';
import { StudyEmailField } from '../../../components/StudyEmailField';
import { useSettings } from '../../../hooks/use-settings';
import { errorMessage } from '../../../lib/error-message';
import { loadParticipant } from '../../../lib/load-participant';
import { studyEmail } from '../../../lib/study-email';
import { httpTypeFinderApi, type TypeFinderApi } from '../api/typefinder-api';

export interface TypeFinderPageProps {
  api?: TypeFinderApi;
}

/** The notices' topic for what 'Submit Results' found (no longer used for failures, which stay on the page). */
export const TYPEFINDER_TOPIC = 'typefinder';

/** What to do after a failed 'Submit Results', under the server's message. */
export const SUBMIT_FAILED_ADVICE = 'If you have not taken the test yet, take it above first, then press Submit Results.';

function TypeFinder({ pgId, api }: Participant & { api: TypeFinderApi }) {
  const store = useClientStore();
  const navigate = useNavigate();
  const settings = useSettings(api);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    try {
      const { typeCode } = await api.submitResults(pgId);
      store.setSurvey({ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode });
      await loadParticipant(store, api, pgId);
    } catch (error) {
      // Usually no result for the study email yet (often: the test not taken). The participant
      // stays here, with the study email and the test in reach, and the message stays until the next try.
      setFailure(errorMessage(error));
      setSubmitting(false);
      return;
    }
    navigate('/survey');
  };

  if (settings.status === 'loading') return <Spinner label="Loading the TypeFinder test..." />;
  if (settings.status === 'failed') {
    return (
      <Notice style="danger" title="The TypeFinder test could not be loaded.">
        <p>{settings.message}</p>
      </Notice>
    );
  }
  const email = studyEmail(pgId, settings.settings.studyEmailHost);
  const widgetUrl = settings.settings.typeFinderWidgetUrl;

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
export function TypeFinderPage({ api = httpTypeFinderApi }: TypeFinderPageProps) {
  return (
    <Page title="TypeFinder" lead="A short personality test run by our partner, the TypeFinder provider.">
      <ParticipantGate api={api}>{(participant) => <TypeFinder {...participant} api={api} />}</ParticipantGate>
    </Page>
  );
}
