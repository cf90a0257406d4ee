import { useClientStore } from '@study/client-state';
import { Button } from '@study/ui';
import { useState } from 'react';
import { useLoadParticipant } from '../../../api/get-participant';
import { useResetSurveys } from '../api/reset-surveys';
import { resetParticipantSurveys } from '../reset-participant-surveys';

export interface ResetSurveysProps {
  pgId: string;
}

/** Shown only where the study turned resets on (testing deployments). */
export function ResetSurveys({ pgId }: ResetSurveysProps) {
  const store = useClientStore();
  const { mutateAsync: resetSurveys } = useResetSurveys();
  const loadParticipant = useLoadParticipant();
  const [busy, setBusy] = useState(false);
  const reset = async () => {
    setBusy(true);
    try {
      await resetParticipantSurveys(store, { resetSurveys: (id) => resetSurveys({ pgId: id }), loadParticipant }, pgId);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="reset-surveys" aria-labelledby="reset-title">
      <h2 id="reset-title" className="visually-hidden">
        Reset
      </h2>
      <p>This deployment allows starting over: every survey goes back to its first question.</p>
      <Button variant="ghost" disabled={busy} aria-busy={busy} onClick={() => void reset()}>
        Reset Surveys
      </Button>
    </section>
  );
}
