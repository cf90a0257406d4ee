import './snapshots.css';
import { useClientState } from '@study/client-state';
import type { NardiScoresView, SurveyState } from '@study/contracts';
import { Button, ButtonLink, Spinner } from '@study/ui';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FailureNotice } from '../../../components/FailureNotice';
import { NoStudyId } from '../../../components/NoStudyId';
import { StepFrame } from '../../../components/StepFrame';
import { useNardiScores } from '../../../api/get-nardi-scores';
import { errorMessage } from '../../../lib/save-to-server';
import { redirectFor, type NardiStep } from '../../../lib/steps';
import type { Snapshot } from '../offers';
import { SnapshotChoices } from './SnapshotChoices';

/** What a step's Next does, given the chosen code; `progress` names what it is waiting for. */
export type SubmitChoice = (code: string, context: { pgId: string; progress: (label: string) => void }) => Promise<void>;

export interface SnapshotStepProps {
  step: Exclude<NardiStep, 'part-one'>;
  title: string;
  /** The instructions; they may name the choices made so far. */
  lead: (nardi: SurveyState) => ReactNode;
  legend: string;
  /** The snapshots on offer; throws (PersonalityError) when the offer breaks the rules. */
  offer: (scores: NardiScoresView, nardi: SurveyState) => Snapshot[];
  /** Saves the choice and moves on; a rejection's message is shown with a retry. */
  submit: SubmitChoice;
  /** A choice that is saved already and can no longer change (the cards are then disabled). */
  lockedChoice?: string | null;
}

/**
 * A step of parts two to four: the snapshots on offer as radio cards, Next once one is chosen.
 * A participant whose survey is at another step goes to that step; the scores come from this
 * page view's cache or are fetched again.
 */
export function SnapshotStep(props: SnapshotStepProps) {
  const pgId = useClientState((state) => state.pgId);
  const nardi = useClientState((state) => state.surveys.nardi);
  if (pgId === null) return <NoStudyId />;
  const elsewhere = redirectFor(props.step, nardi.status);
  if (elsewhere !== null) return <Navigate to={elsewhere} replace />;
  return <SnapshotChoiceStep {...props} pgId={pgId} nardi={nardi} />;
}

type Offer = { snapshots: Snapshot[]; problem: null } | { snapshots: null; problem: string };

function useOffer(scores: NardiScoresView | null, nardi: SurveyState, offer: SnapshotStepProps['offer']): Offer | null {
  return useMemo(() => {
    if (scores === null) return null;
    try {
      return { snapshots: offer(scores, nardi), problem: null };
    } catch (error) {
      return { snapshots: null, problem: errorMessage(error, 'The choices for this step could not be worked out.') };
    }
  }, [scores, nardi, offer]);
}

function SnapshotChoiceStep({ step, title, lead, legend, offer, submit, lockedChoice = null, pgId, nardi }: SnapshotStepProps & { pgId: string; nardi: SurveyState }) {
  const { entry, retry } = useNardiScores(pgId, nardi.answers);
  const current = useOffer(entry.status === 'ready' ? entry.scores : null, nardi, offer);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const snapshots = current?.snapshots ?? null;
  const choice = lockedChoice ?? picked;
  const selected = snapshots?.some((snapshot) => snapshot.code === choice) ? choice : null;

  const next = async () => {
    if (selected === null || busy !== null) return;
    setFailure(null);
    setBusy('Saving your choice...');
    try {
      await submit(selected, { pgId, progress: (label) => setBusy(label) });
    } catch (error) {
      setFailure(errorMessage(error, 'Your choice could not be saved.'));
    } finally {
      setBusy(null);
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void next();
  };

  return (
    <StepFrame step={step} title={title} lead={lead(nardi)}>
      {entry.status === 'loading' && <Spinner label="Loading your results..." />}
      {entry.status === 'failed' && <FailureNotice title="We could not load your results." message={entry.message} onRetry={retry} />}
      {current !== null && current.problem !== null && (
        <>
          <FailureNotice title="We could not prepare the choices for this step." message={current.problem} onRetry={retry} />
          <div className="btn-row">
            <ButtonLink to="/survey" variant="ghost">
              Back to the dashboard
            </ButtonLink>
          </div>
        </>
      )}
      {snapshots !== null && (
        <form className="snapshot-step" noValidate onSubmit={onSubmit}>
          <SnapshotChoices legend={legend} snapshots={snapshots} selected={selected} onSelect={setPicked} disabled={busy !== null || lockedChoice !== null} />
          {failure !== null && <FailureNotice title="Your choice could not be saved." message={failure} onRetry={() => void next()} />}
          {busy !== null && <Spinner label={busy} />}
          <div className="btn-row snapshot-step__buttons">
            <Button type="submit" disabled={selected === null || busy !== null}>
              Next
            </Button>
            {selected === null && <p className="snapshot-step__hint">Choose one to continue.</p>}
          </div>
        </form>
      )}
    </StepFrame>
  );
}
