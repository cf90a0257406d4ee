import './dashboard.css';
import { useClientState, useClientStore } from '@study/client-state';
import type { ConsentRenewal } from '@study/contracts';
import { isV4Uuid } from '@study/personality';
import { Page, Spinner } from '@study/ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useGetParticipant, useLoadParticipant } from '../../../api/get-participant';
import { useSettings } from '../../../api/get-settings';
import { ConfirmIdentity } from '../../../components/ConfirmIdentity';
import { dashboardView } from '../dashboard-view';
import { linkNotOpened, openLinkStudyId } from '../link-study-id';
import { LinkNotOpenedNotice } from './LinkNotOpenedNotice';
import { LoadFailed } from './LoadFailed';
import { ParticipantDashboard } from './ParticipantDashboard';

export interface StudyIdFormSlotProps {
  /** What the form starts with: the study ID from the address, if any. */
  initialValue: string;
  /** The last study ID entered is unknown to the study (the load ended in 404). */
  notFound: boolean;
  onSubmit: (pgId: string) => void;
}

export interface ConsentRenewalSlotProps {
  pgId: string;
  renewal: ConsentRenewal;
  /** The new consent is recorded: load the participant again, which opens the dashboard. */
  onAgreed: () => void;
}

export interface WithdrawSlotProps {
  pgId: string;
  /** The participant has withdrawn their consent (withdrew here, or left the project on Open Humans): there is nothing left to withdraw. */
  withdrawn: boolean;
}

export interface DashboardPageProps {
  /** The study-ID entry form (its own feature), shown when no study ID is known or it was not found. */
  renderStudyIdForm: (props: StudyIdFormSlotProps) => ReactNode;
  /** Agreeing to a new consent text (its own feature), shown instead of the dashboard while one is due. */
  renderConsentRenewal?: (props: ConsentRenewalSlotProps) => ReactNode;
  /** 'Withdraw from the study' (its own feature), shown at the foot of a loaded dashboard. */
  renderWithdraw?: (props: WithdrawSlotProps) => ReactNode;
}

/**
 * /survey and /survey/:pgId. A study ID in the address is stored; the participant's data is
 * loaded on every visit (so a withdrawal or a reset elsewhere shows at once). A link naming
 * another study ID than the one this browser holds is checked first: the stored one is given up
 * only for a study ID that opens here, otherwise it is kept and the page says so.
 */
export function DashboardPage({ renderStudyIdForm, renderConsentRenewal, renderWithdraw }: DashboardPageProps) {
  const { pgId: param } = useParams();
  const { key: visit, state: locationState } = useLocation();
  const navigate = useNavigate();
  const store = useClientStore();
  const pgId = useClientState((state) => state.pgId);
  const user = useClientState((state) => state.user);
  const load = useClientState((state) => state.load);
  const getParticipant = useGetParticipant();
  const loadParticipant = useLoadParticipant();
  // Without settings the dashboard still works; it only leaves out what depends on them.
  const settings = useSettings().data ?? null;
  const routePgId = param !== undefined && isV4Uuid(param) ? param.toLowerCase() : null;

  // The check of a link's study ID that is under way (a newer visit or leaving the page makes it stale).
  const linkCheck = useRef(0);
  // Before the first paint, so the page never flashes what it showed for a previous study ID.
  useLayoutEffect(() => {
    const stored = store.getState().pgId;
    if (routePgId !== null && stored !== null && routePgId !== stored) {
      const check = ++linkCheck.current;
      void openLinkStudyId(store, getParticipant, routePgId, (outcome) => {
        if (check === linkCheck.current) navigate('/survey', { replace: true, state: outcome });
      });
      return () => {
        linkCheck.current += 1;
      };
    }
    const id = routePgId ?? stored;
    if (id) void loadParticipant(id);
    return undefined;
  }, [routePgId, visit, store, getParticipant, loadParticipant, navigate]);

  // A link's study ID that is not the stored one is being checked: nothing of either shows meanwhile.
  const checkingLink = routePgId !== null && pgId !== null && routePgId !== pgId;
  const notOpened = linkNotOpened(locationState);
  const view = param !== undefined && routePgId === null ? { view: 'form' as const, notFound: false } : checkingLink ? { view: 'loading' as const } : dashboardView({ pgId, user, load });

  if (view.view === 'unknown') return <Navigate to="/" replace />;
  if (view.view === 'form') {
    return renderStudyIdForm({
      initialValue: param ?? '',
      notFound: view.notFound,
      onSubmit: (id) => navigate(`/survey/${id}`),
    });
  }
  // A newer consent text: the participant agrees to it (or leaves) before the dashboard opens.
  const renewal = view.view === 'loaded' && user?.access.consent ? (user.consentRenewal ?? null) : null;
  if (renewal && pgId !== null && renderConsentRenewal) {
    return renderConsentRenewal({ pgId, renewal, onAgreed: () => void loadParticipant(pgId) });
  }
  return (
    <Page title="Participant Dashboard" width="wide">
      {notOpened !== null && pgId !== null && notOpened.linkStudyId !== pgId && (
        <LinkNotOpenedNotice
          outcome={notOpened}
          storedStudyId={pgId}
          onOpenInstead={() => {
            // The participant's own choice: the link's study ID replaces the stored one (confirming it with Open Humans if need be).
            store.setPgId(notOpened.linkStudyId);
            navigate('/survey', { replace: true });
          }}
        />
      )}
      {view.view === 'loading' && <Spinner label="Loading user data..." />}
      {view.view === 'failed' && pgId !== null && <LoadFailed message={view.message} onRetry={() => void loadParticipant(pgId)} />}
      {view.view === 'confirm' && pgId !== null && (
        <ConfirmIdentity
          pgId={pgId}
          reason={view.message}
          onOtherStudyId={() => {
            store.signOut();
            navigate('/survey');
          }}
        />
      )}
      {view.view === 'loaded' && user !== null && pgId !== null && (
        <>
          <ParticipantDashboard pgId={pgId} user={user} settings={settings} />
          {renderWithdraw?.({ pgId, withdrawn: !user.access.consent })}
        </>
      )}
    </Page>
  );
}
