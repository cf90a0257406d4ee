import './mbti.css';
import { loadFailureMessage, surveyStateOnLoad, useClientState, useClientStore } from '@study/client-state';
import { ApiError, Button, ButtonLink, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { ParticipantGate, type Participant } from '../../../components/ParticipantGate';
import { StudyEmailField } from '../../../components/StudyEmailField';
import { useSettings } from '../../../api/get-settings';
import { errorMessage } from '../../../lib/error-message';
import { studyEmail } from '../../../lib/study-email';
import { useSetMbtiStatus, type MbtiStep } from '../api/set-mbti-status';
import { MBTI_PROVIDER_URL } from '../mbti-provider';

export interface MbtiPageProps {
  /** The provider's site; the study's provider unless given. */
  providerUrl?: string;
}

const RESULTS_NOTE = 'Your official results reach the study about one week after you complete the assessment.';

function Mbti({ pgId, providerUrl }: Participant & { providerUrl: string }) {
  const store = useClientStore();
  const status = useClientState((state) => state.surveys.mbti.status);
  const settings = useSettings();
  const { mutateAsync: setMbtiStatus } = useSetMbtiStatus();
  const [saving, setSaving] = useState<MbtiStep | null>(null);
  const [error, setError] = useState<string | null>(null);

  const setStatus = async (step: MbtiStep) => {
    setSaving(step);
    setError(null);
    store.saveStarted();
    try {
      const user = await setMbtiStatus({ pgId, status: step });
      store.setSurvey(surveyStateOnLoad(user.mbti));
      store.saveSucceeded();
    } catch (failure) {
      const message = errorMessage(failure);
      store.saveFailed(loadFailureMessage(message, failure instanceof ApiError ? failure.status : undefined));
      setError(message);
    } finally {
      setSaving(null);
    }
  };

  const ready = () => {
    // Opened in the click itself, so that the browser does not take it for a pop-up.
    window.open(providerUrl, '_blank', 'noopener,noreferrer');
    if (status !== 'started') void setStatus('started');
  };

  const started = status === 'started';
  const completed = status === 'completed';

  return (
    <>
      <div className="card mbti-instructions">
        <h2>How it works</h2>
        <ol className="assessment-steps">
          <li>Copy your study email below.</li>
          <li>Press I am Ready: the MBTI provider&apos;s site opens in a new tab.</li>
          <li>Register there with your study email (not your own address) and take the assessment.</li>
          <li>Come back here and press MBTI Completed.</li>
        </ol>
        <p className="mbti-note">{RESULTS_NOTE}</p>
      </div>

      {settings.isPending && <Spinner label="Loading your study email..." />}
      {settings.isError && (
        <Notice style="danger" title="Your study email could not be loaded.">
          <p>{errorMessage(settings.error)}</p>
        </Notice>
      )}
      {settings.isSuccess && <StudyEmailField email={studyEmail(pgId, settings.data.studyEmailHost)} copyLabel="Copy" />}

      {error !== null && (
        <Notice style="danger" title="Your progress could not be saved.">
          <p>{error}</p>
        </Notice>
      )}

      {completed ? (
        <Notice style="success" title="You have completed the official MBTI assessment.">
          <p>{RESULTS_NOTE} They will appear on your dashboard.</p>
          <ButtonLink to="/survey">Go to the Dashboard</ButtonLink>
        </Notice>
      ) : (
        <div className="mbti-actions">
          {started && (
            <Notice style="warning" title="Only when you have finished">
              <p id="mbti-completed-warning">
                Press MBTI Completed only once you have finished the assessment: after this, the study email can no longer be accessed.
              </p>
            </Notice>
          )}
          <div className="btn-row">
            <Button variant={started ? 'secondary' : 'primary'} onClick={ready} disabled={saving !== null}>
              I am Ready
            </Button>
            {started && (
              <Button onClick={() => void setStatus('completed')} disabled={saving !== null} aria-busy={saving === 'completed'} aria-describedby="mbti-completed-warning">
                MBTI Completed
              </Button>
            )}
          </div>
          {started && (
            <p className="mbti-hint">
              The site did not open? <a href={providerUrl} target="_blank" rel="noopener noreferrer">Open the MBTI provider&apos;s site</a>.
            </p>
          )}
          {saving !== null && <Spinner label="Saving..." />}
        </div>
      )}
    </>
  );
}

/** /mbti: the optional official MBTI assessment on the provider's site, with the study email. */
export function MbtiPage({ providerUrl = MBTI_PROVIDER_URL }: MbtiPageProps) {
  return (
    <Page title="Official MBTI Assessment" lead="Optional: the official MBTI assessment, taken on the provider's site with your study email.">
      <ParticipantGate>{(participant) => <Mbti {...participant} providerUrl={providerUrl} />}</ParticipantGate>
    </Page>
  );
}
