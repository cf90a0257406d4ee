import type { SurveyStates } from '@study/client-state';
import { FINAL_REPORT_FILENAME, type FinalReport, type FinalScore } from '@study/contracts';
import { getPersonalityType, INCONCLUSIVE, shareMessage } from '@study/personality';
import { Button, ButtonLink } from '@study/ui';
import { useState } from 'react';
import { PdfDownloadButton } from '../../../components/PdfDownloadButton';
import { useDownloadFinalReport } from '../../../api/download-final-report';
import { browserSharePort, type SharePort } from '../share/share-port';
import { FinalTypePending, REPORT_PENDING_TEXT, WorkingStatus } from './FinalTypePending';
import { SurveyScores } from './SurveyScores';

export { FINAL_TYPE_PENDING_TEXT, RECONNECTING_TEXT, REPORT_PENDING_TEXT } from './FinalTypePending';

export interface FinalScoreCardProps {
  pgId: string;
  finalScore: FinalScore | null;
  /** Set once the PDF of this final score is stored: only then is the download link shown. */
  finalReport?: FinalReport | null;
  /** Whether the result stream is connected (false while the browser reconnects it). */
  connected?: boolean;
  surveys: SurveyStates;
  /** The official MBTI type, given only once it has been uploaded (dataReady) and is known. */
  mbtiTypeCode?: string | null;
  /** How a result is shared; the browser's share sheet or the social network's dialog by default. */
  share?: SharePort;
  /** The address shared with the result; this site by default. */
  siteUrl?: string;
  /** Where the downloaded report goes; the browser's download by default. */
  saveReport?: (blob: Blob, fileName: string) => void;
}

function defaultSiteUrl(): string {
  return typeof window === 'undefined' ? '/' : `${window.location.origin}/`;
}

/** The final personality type with each survey's result, the report and sharing; or what is still needed. */
export function FinalScoreCard({
  pgId,
  finalScore,
  finalReport = null,
  connected = true,
  surveys,
  mbtiTypeCode = null,
  share,
  siteUrl,
  saveReport,
}: FinalScoreCardProps) {
  const [sharing, setSharing] = useState(false);
  const { mutateAsync: downloadFinalReport } = useDownloadFinalReport();
  if (finalScore === null) {
    return (
      <section className="card final-score" aria-labelledby="final-score-title">
        <h2 id="final-score-title">Your final type</h2>
        <FinalTypePending surveys={surveys} connected={connected} />
      </section>
    );
  }

  const inconclusive = finalScore.typeCode === INCONCLUSIVE;
  const type = inconclusive ? null : getPersonalityType(finalScore.typeCode);
  const shareResult = async () => {
    setSharing(true);
    try {
      await (share ?? browserSharePort()).share({ text: shareMessage(finalScore.typeCode), url: siteUrl ?? defaultSiteUrl() });
    } finally {
      setSharing(false);
    }
  };

  return (
    <section className="card final-score final-score--scored" aria-labelledby="final-score-title">
      <h2 id="final-score-title">Your final type</h2>
      <div className="final-score__body">
        <div className="final-score__result">
          <p className="final-score__code">{inconclusive ? 'Inconclusive' : finalScore.typeCode}</p>
          {type ? (
            <>
              <p className="final-score__title">{type.title}</p>
              <p className="final-score__description">{type.description}</p>
            </>
          ) : (
            <p className="final-score__description">
              Your results point to different types and you were less than 80% sure of your own choice, so the study
              cannot name one type for you. Your results by assessment are still part of the study.
            </p>
          )}
        </div>
        <SurveyScores surveys={surveys} mbtiTypeCode={mbtiTypeCode} />
      </div>
      <div className="btn-row final-score__actions">
        {/* Fetched in the page: a failure is said here instead of replacing the dashboard with its body. */}
        {finalReport !== null && <PdfDownloadButton label="Download Final Report" fileName={FINAL_REPORT_FILENAME} download={() => downloadFinalReport({ pgId })} save={saveReport} />}
        <ButtonLink to="/nardi-report" variant="secondary">
          View Nardi report
        </ButtonLink>
        {type && (
          <Button variant="secondary" onClick={() => void shareResult()} disabled={sharing} aria-busy={sharing}>
            Share
          </Button>
        )}
      </div>
      {finalReport === null && <WorkingStatus text={REPORT_PENDING_TEXT} connected={connected} />}
    </section>
  );
}
