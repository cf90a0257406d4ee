import { useClientStore } from '@study/client-state';
import type { SurveyState } from '@study/contracts';
import { isTemperamentCode, TEMPERAMENTS, toFunctionalPairCode } from '@study/personality';
import { useNavigate } from 'react-router-dom';
import { useUpdateNardi } from '../../../api/update-nardi';
import { stepPath } from '../../../lib/steps';
import { saveChoice } from '../api/submit-choices';
import { functionalPairSnapshots } from '../offers';
import { SnapshotStep, type SubmitChoice } from './SnapshotStep';

function lead(nardi: SurveyState): string {
  const chosen = isTemperamentCode(nardi.selectedTemperament) ? `You chose the ${TEMPERAMENTS[nardi.selectedTemperament].title} temperament. ` : '';
  return `${chosen}It has two cognitive styles, best match first: choose the one that describes better how you take in information and make decisions.`;
}

/** /nardi/part-three: one of exactly two functional-pair snapshots; stores selectedFP and status 'part-three'. */
export function PartThreePage() {
  const store = useClientStore();
  const { mutateAsync: updateNardi } = useUpdateNardi();
  const navigate = useNavigate();
  const submit: SubmitChoice = async (code, { pgId }) => {
    await saveChoice(store, updateNardi, pgId, { status: 'part-three', selectedFP: toFunctionalPairCode(code) });
    navigate(stepPath('part-four'), { replace: true });
  };
  return (
    <SnapshotStep
      step="part-three"
      title="Choose your cognitive style"
      lead={lead}
      legend="Which cognitive style sounds most like you?"
      offer={functionalPairSnapshots}
      submit={submit}
    />
  );
}
