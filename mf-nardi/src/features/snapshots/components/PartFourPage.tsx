import { useClientStore } from '@study/client-state';
import type { SurveyState } from '@study/contracts';
import { FUNCTIONAL_PAIRS, isFunctionalPairCode, toTypeCode } from '@study/personality';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useUpdateNardi } from '../../../api/update-nardi';
import { DASHBOARD_PATH } from '../../../lib/steps';
import { completeSurvey, finishSurvey } from '../api/submit-choices';
import { typeSnapshots } from '../offers';
import { SnapshotStep, type SubmitChoice } from './SnapshotStep';

function lead(nardi: SurveyState): string {
  const chosen = isFunctionalPairCode(nardi.selectedFP) ? `You chose ${FUNCTIONAL_PAIRS[nardi.selectedFP].title} (${nardi.selectedFP}). ` : '';
  return `${chosen}Here are three type snapshots, best match first. Choose the one that fits you best; this finishes the Nardi survey.`;
}

/**
 * /nardi/part-four: one of exactly three type snapshots. Next completes the survey with
 * selectedTypeCode, asks for the Nardi result (type and consistency), loads the participant's
 * data again and returns to the dashboard. Once the completion is saved the choice is fixed; a
 * retry only asks for the result again.
 */
export function PartFourPage() {
  const store = useClientStore();
  const { mutateAsync: updateNardi } = useUpdateNardi();
  const navigate = useNavigate();
  const completed = useRef<string | null>(null);
  const [locked, setLocked] = useState<string | null>(null);

  const submit: SubmitChoice = async (code, { pgId, progress }) => {
    if (completed.current === null) {
      await completeSurvey(store, updateNardi, pgId, { status: 'completed', selectedTypeCode: toTypeCode(code) });
      completed.current = code;
      setLocked(code);
    }
    progress('Working out your Nardi result...');
    await finishSurvey(store, pgId);
    navigate(DASHBOARD_PATH, { replace: true });
  };

  return (
    <SnapshotStep
      step="part-four"
      title="Choose your type"
      lead={lead}
      legend="Which type sounds most like you?"
      offer={typeSnapshots}
      submit={submit}
      lockedChoice={locked}
    />
  );
}
