import { useClientStore } from '@study/client-state';
import { toTemperamentCode } from '@study/personality';
import { useNavigate } from 'react-router-dom';
import { useUpdateNardi } from '../../../api/update-nardi';
import { stepPath } from '../../../lib/steps';
import { saveChoice } from '../api/submit-choices';
import { temperamentSnapshots } from '../offers';
import { SnapshotStep, type SubmitChoice } from './SnapshotStep';

const lead = () =>
  'Based on your answers, here are the four temperaments, best match first. Read each snapshot and choose the one that sounds most like you, wherever it is in the list.';

/** /nardi/part-two: one of the four temperament snapshots; stores selectedTemperament and status 'part-two'. */
export function PartTwoPage() {
  const store = useClientStore();
  const { mutateAsync: updateNardi } = useUpdateNardi();
  const navigate = useNavigate();
  const submit: SubmitChoice = async (code, { pgId }) => {
    await saveChoice(store, updateNardi, pgId, { status: 'part-two', selectedTemperament: toTemperamentCode(code) });
    navigate(stepPath('part-three'), { replace: true });
  };
  return (
    <SnapshotStep
      step="part-two"
      title="Choose your temperament"
      lead={lead}
      legend="Which temperament sounds most like you?"
      offer={temperamentSnapshots}
      submit={submit}
    />
  );
}
