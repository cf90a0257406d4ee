import './self-assessment.css';
import { loadFailureMessage, useClientState, useClientStore } from '@study/client-state';
import type { SurveyState } from '@study/contracts';
import { SELF_ASSESSMENT_QUESTIONS } from '@study/personality';
import { QuestionFlow } from '@study/question-flow';
import { ApiError, ButtonLink, Notice, Page } from '@study/ui';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { ParticipantGate, type Participant } from '../../../components/ParticipantGate';
import { errorMessage } from '../../../lib/error-message';
import { useSaveSelfAssessment } from '../api/save-self-assessment';
import { useFinishRequiredSurveys } from '../finish-required-surveys';
import { completedInput, completedLocally, progressInput } from '../self-assessment-state';

function stepKey(state: SurveyState): string | null {
  const input = progressInput(state);
  return input === null ? null : `${input.status}:${input.index}`;
}

function Survey({ pgId }: Participant) {
  const store = useClientStore();
  const navigate = useNavigate();
  const { mutateAsync: saveSelfAssessment } = useSaveSelfAssessment();
  const finishRequiredSurveys = useFinishRequiredSurveys();
  const survey = useClientState((state) => state.surveys.selfAssessment);

  // Progress goes to the server one step at a time, in order, so that the dashboard (which
  // loads the server's state) resumes here too; the store keeps every keystroke for a reload.
  const syncedStep = useRef(stepKey(survey));
  const progress = useRef<Promise<void>>(Promise.resolve());
  const keepProgress = (next: SurveyState) => {
    const input = progressInput(next);
    const key = stepKey(next);
    if (input === null || key === syncedStep.current) return;
    syncedStep.current = key;
    progress.current = progress.current.then(() =>
      saveSelfAssessment({ pgId, survey: input }).then(
        () => undefined,
        (error: unknown) => console.warn('The self-assessment progress could not be kept on the server:', errorMessage(error)),
      ),
    );
  };

  const onChange = (next: SurveyState) => {
    store.setSurvey(next.status === 'completed' ? completedLocally(next) : next);
    keepProgress(next);
  };

  const onSave = async (saved: SurveyState) => {
    await progress.current;
    store.saveStarted();
    try {
      await saveSelfAssessment({ pgId, survey: completedInput(saved) });
    } catch (failure) {
      const message = errorMessage(failure);
      store.saveFailed(loadFailureMessage(message, failure instanceof ApiError ? failure.status : undefined));
      throw new Error(message);
    }
    store.saveSucceeded();
    await finishRequiredSurveys(pgId);
    navigate('/survey');
  };

  return (
    <QuestionFlow
      survey={survey}
      questions={SELF_ASSESSMENT_QUESTIONS}
      onChange={onChange}
      onSave={onSave}
      doneContent={
        <Notice style="success" title="Your self-assessment is saved.">
          <ButtonLink to="/survey">Go to the Dashboard</ButtonLink>
        </Notice>
      }
    />
  );
}

/** /self-assessment/survey: the four questions, one at a time, then a review and Save. */
export function SelfAssessmentSurvey() {
  return (
    <Page title="Self-Assessment">
      <ParticipantGate>{(participant) => <Survey {...participant} />}</ParticipantGate>
    </Page>
  );
}
