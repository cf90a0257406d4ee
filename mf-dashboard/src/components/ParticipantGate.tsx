import './session.css';
import { useClientState } from '@study/client-state';
import type { UserView } from '@study/contracts';
import { ButtonLink, Notice, Spinner } from '@study/ui';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLoadParticipant } from '../api/get-participant';

export interface Participant {
  pgId: string;
  user: UserView;
}

export interface ParticipantGateProps {
  /** The screen, for a participant whose data is loaded and who has consented. */
  children: (participant: Participant) => ReactNode;
}

/**
 * The assessment screens need a known, consented participant. The shell's guard already keeps
 * the survey routes to such participants; /mbti, /test and /thank-you have no guard, so this
 * says what is missing instead of showing a screen that cannot work. A study ID whose data is
 * not in the store yet (a new tab, another device) is loaded here.
 */
export function ParticipantGate({ children }: ParticipantGateProps) {
  const loadParticipant = useLoadParticipant();
  const pgId = useClientState((state) => state.pgId);
  const user = useClientState((state) => state.user);
  const load = useClientState((state) => state.load);
  const loaded = pgId !== null && user !== null && user.access.pgId.toLowerCase() === pgId;
  const failed = load?.status === 'failed';

  // Loads once per study ID whenever the data is missing, whatever status was restored from
  // storage (a 'loading' may belong to a page closed mid-load, a 'failed' to an earlier visit).
  const attempted = useRef<string | null>(null);
  useEffect(() => {
    if (pgId === null || loaded || attempted.current === pgId) return;
    attempted.current = pgId;
    void loadParticipant(pgId);
  }, [pgId, loaded, loadParticipant]);

  if (pgId === null) {
    return (
      <Notice style="info" title="We do not know your study ID yet.">
        <p>Open your dashboard with your study ID first; this page continues from there.</p>
        <ButtonLink to="/survey">Go to the Dashboard</ButtonLink>
      </Notice>
    );
  }
  if (!loaded) {
    if (failed && attempted.current === pgId) {
      return (
        <Notice style="danger" title="Your information could not be loaded.">
          <p>{load.message}</p>
          <ButtonLink to="/survey">Go to the Dashboard</ButtonLink>
        </Notice>
      );
    }
    return <Spinner label="Loading user data..." />;
  }
  if (!user.access.consent) {
    return (
      <Notice style="warning" title="Not quite ready...">
        <p>
          This study ID is not connected to Open Humans at the moment. Please read the <Link to="/consent">consent form</Link> and
          authorize the project to continue.
        </p>
      </Notice>
    );
  }
  return <>{children({ pgId, user })}</>;
}
