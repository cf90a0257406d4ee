import './self-assessment.css';
import { loadFailureMessage, useClientStore } from '@study/client-state';
import { ApiError, Button, ButtonLink, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ParticipantGate, type Participant } from '../../../components/ParticipantGate';
import { errorMessage } from '../../../lib/error-message';
import { useDeclineSelfAssessment } from '../api/decline-self-assessment';
import { useFinishRequiredSurveys } from '../finish-required-surveys';

function Intro({ pgId }: Participant) {
  const store = useClientStore();
  const navigate = useNavigate();
  const { mutateAsync: declineSelfAssessment } = useDeclineSelfAssessment();
  const finishRequiredSurveys = useFinishRequiredSurveys();
  const [declining, setDeclining] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // 'No thank you': the survey is declined on the server, then the final score is asked for.
  const decline = async () => {
    setDeclining(true);
    setError(null);
    store.saveStarted();
    try {
      await declineSelfAssessment({ pgId });
    } catch (failure) {
      const message = errorMessage(failure);
      store.saveFailed(loadFailureMessage(message, failure instanceof ApiError ? failure.status : undefined));
      setError(message);
      setDeclining(false);
      return;
    }
    store.saveSucceeded();
    await finishRequiredSurveys(pgId);
    navigate('/survey');
  };

  return (
    <div className="card self-assessment-intro">
      <p>
        The last step is your own view. You answer four short questions: which of the 16 types you think fits you best, how you
        arrived at it, how sure you are, and how much experience you have with personality type. It takes about two minutes.
      </p>
      <p>
        Your answer is compared with your TypeFinder and Nardi results to work out your final type. You may also decline: your
        final type is then worked out from your other results.
      </p>
      {error !== null && (
        <Notice style="danger" title="Your choice could not be saved.">
          <p>{error}</p>
        </Notice>
      )}
      {declining && <Spinner label="Saving your choice..." />}
      <div className="btn-row">
        <ButtonLink to="/self-assessment/survey" aria-disabled={declining || undefined} onClick={(event) => declining && event.preventDefault()}>
          I am ready
        </ButtonLink>
        <Button variant="ghost" onClick={() => void decline()} disabled={declining} aria-busy={declining}>
          No thank you
        </Button>
      </div>
    </div>
  );
}

/** /self-assessment: what the self-assessment is, 'I am ready' or 'No thank you'. */
export function SelfAssessmentIntro() {
  return (
    <Page title="Self-Assessment" lead="Which personality type do you think you are?">
      <ParticipantGate>{(participant) => <Intro {...participant} />}</ParticipantGate>
    </Page>
  );
}
