import { useClientState, useClientStore } from '@study/client-state';
import { CONSENT_PDF_FILENAME, type Settings, type UserView } from '@study/contracts';
import { Button, EmailAddress } from '@study/ui';
import { PdfDownloadButton } from '../../../components/PdfDownloadButton';
import { studyEmail } from '../../../lib/study-email';
import { useNavigate } from 'react-router-dom';
import { useDownloadConsentPdf } from '../api/download-consent-pdf';
import { useResultsStream } from '../results-stream';
import type { SharePort } from '../share/share-port';
import { FinalScoreCard } from './FinalScoreCard';
import { MbtiEntry } from './MbtiEntry';
import { MbtiScore } from './MbtiScore';
import { NotQuiteReady } from './NotQuiteReady';
import { ResetSurveys } from './ResetSurveys';
import { SurveyList } from './SurveyList';

export interface ParticipantDashboardProps {
  pgId: string;
  user: UserView;
  settings: Settings | null;
  /** How the final type is shared; the browser's by default. */
  share?: SharePort;
}

/** The loaded dashboard: the study ID, then the surveys and scores, or what to do before them. */
export function ParticipantDashboard({ pgId, user, settings, share }: ParticipantDashboardProps) {
  const store = useClientStore();
  const { mutateAsync: downloadConsentPdf } = useDownloadConsentPdf();
  const surveys = useClientState((state) => state.surveys);
  const navigate = useNavigate();
  // A shared computer: forget this participant here and go back to entering a study ID.
  const signOut = () => {
    store.signOut();
    navigate('/survey', { replace: true });
  };
  // The participant never has to reload: each result shows the moment it is stored.
  const { connected } = useResultsStream(store, pgId, user.access.consent);
  return (
    <>
      <dl className="identity">
        <div>
          <dt>Study ID</dt>
          <dd>
            <code className="identity__study-id">{pgId}</code>
          </dd>
        </div>
        {settings && (
          <div>
            <dt>Study email</dt>
            <dd>
              <code className="identity__study-email">
                <EmailAddress address={studyEmail(pgId, settings.studyEmailHost)} />
              </code>
              <span className="identity__hint">Use this address at the TypeFinder and MBTI sites, not your own.</span>
            </dd>
          </div>
        )}
        {user.access.consent && (
          <div>
            <dt>Your consent</dt>
            <dd>
              <PdfDownloadButton
                className="identity__consent-download"
                variant="secondary"
                label="Download your consent (PDF)"
                fileName={CONSENT_PDF_FILENAME}
                download={() => downloadConsentPdf({ pgId })}
              />
              <span className="identity__hint">The consent form you agreed to, with its version and the date.</span>
            </dd>
          </div>
        )}
        <div className="identity__sign-out">
          <dt>Shared computer?</dt>
          <dd>
            <Button variant="ghost" onClick={signOut}>
              Sign out
            </Button>
            <span className="identity__hint">Forgets your study ID in this browser; you can enter it again at any time.</span>
          </dd>
        </div>
      </dl>

      {user.access.consent ? (
        <>
          <SurveyList surveys={surveys} />
          <div className="score-grid">
            <FinalScoreCard
              pgId={pgId}
              finalScore={user.finalScore}
              finalReport={user.finalReport ?? null}
              connected={connected}
              surveys={surveys}
              mbtiTypeCode={user.access.dataReady ? (user.mbti.typeCode ?? null) : null}
              share={share}
            />
            {user.access.dataReady ? <MbtiScore mbti={user.mbti} /> : <MbtiEntry mbti={surveys.mbti} />}
          </div>
          {settings?.resetSurveysEnabled === true && <ResetSurveys pgId={pgId} />}
        </>
      ) : (
        <NotQuiteReady />
      )}
    </>
  );
}
