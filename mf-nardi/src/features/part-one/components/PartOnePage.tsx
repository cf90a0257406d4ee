import './part-one.css';
import { useClientState, useClientStore } from '@study/client-state';
import type { Answer, SurveyState } from '@study/contracts';
import { NARDI_QUESTION_COUNT } from '@study/personality';
import { QuestionFlow } from '@study/question-flow';
import { Spinner } from '@study/ui';
import { Navigate } from 'react-router-dom';
import { FailureNotice } from '../../../components/FailureNotice';
import { NoStudyId } from '../../../components/NoStudyId';
import { StepFrame } from '../../../components/StepFrame';
import { useNardiScores } from '../../../api/get-nardi-scores';
import { useSaveNardiSurvey } from '../../../api/save-nardi-survey';
import { saveToServer } from '../../../lib/save-to-server';
import { redirectFor, stepPath } from '../../../lib/steps';
import { partOneInput } from '../api/part-one-input';
import { NARDI_QUESTIONS } from '../nardi-questions';
import { useProgressSaves } from '../use-progress-saves';

const TITLE = 'Nardi Personality Indicator';
const LEAD = `Answer all ${NARDI_QUESTION_COUNT} questions: choose the statement, A or B, that describes you better, even if neither fits perfectly. You can check every answer before you save.`;

/**
 * /nardi/part-one: the 25 A/B questions through the question flow. The answers live in the
 * shared client store (so a reload resumes at the same question) and, on each move to another
 * question, on the server too (so the dashboard resumes here); Save stores the survey with
 * status 'part-one', then the scores are fetched for the next steps and the participant moves on
 * to part two.
 */
export function PartOnePage() {
  const pgId = useClientState((state) => state.pgId);
  const nardi = useClientState((state) => state.surveys.nardi);

  if (pgId === null) return <NoStudyId />;
  if (nardi.status === 'part-one') return <ScoringAnswers pgId={pgId} answers={nardi.answers} />;
  const elsewhere = redirectFor('part-one', nardi.status);
  if (elsewhere !== null) return <Navigate to={elsewhere} replace />;
  return <Questions pgId={pgId} nardi={nardi} />;
}

interface QuestionsProps {
  pgId: string;
  nardi: SurveyState;
}

function Questions({ pgId, nardi }: QuestionsProps) {
  const store = useClientStore();
  const { mutateAsync: saveSurvey } = useSaveNardiSurvey();
  const progress = useProgressSaves(saveSurvey, pgId, nardi);

  const onChange = (next: SurveyState) => {
    store.setSurvey(next);
    progress.keep(next);
  };

  const save = async (saved: SurveyState) => {
    // After the progress saves, so that none of them lands on the saved part one.
    await progress.settled();
    await saveToServer(store, () => saveSurvey({ pgId, survey: partOneInput(saved) }));
  };

  return (
    <StepFrame step="part-one" title={TITLE} lead={LEAD}>
      <div className="nardi-questions">
        <QuestionFlow survey={nardi} questions={NARDI_QUESTIONS} onChange={onChange} onSave={save} nextStatus="part-one" />
      </div>
    </StepFrame>
  );
}

interface ScoringAnswersProps {
  pgId: string;
  answers: readonly Answer[];
}

/** Part one is saved: once its scores are here (parts two to four offer choices from them), on to part two. */
function ScoringAnswers({ pgId, answers }: ScoringAnswersProps) {
  const { entry, retry } = useNardiScores(pgId, answers);
  if (entry.status === 'ready') return <Navigate to={stepPath('part-two')} replace />;
  return (
    <StepFrame step="part-one" title={TITLE} lead="Your answers are saved.">
      {entry.status === 'loading' && <Spinner label="Scoring your answers..." />}
      {entry.status === 'failed' && <FailureNotice title="Your answers are saved, but we could not get your scores." message={entry.message} onRetry={retry} />}
    </StepFrame>
  );
}
