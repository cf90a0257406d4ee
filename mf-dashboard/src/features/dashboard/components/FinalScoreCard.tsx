import type { SurveyStates } from '@study/client-state';
import { FINAL_REPORT_FILENAME, type FinalReport, type FinalScore } from '@study/contracts';
import { getPersonalityType, INCONCLUSIVE, isSurveyDone, shareMessage, SURVEY_ORDER } from '@study/personality';
import { Button, ButtonLink } from '@study/ui';
import { useState } from 'react';
import { PdfDownloadButton } from '../../../components/PdfDownloadButton';
import { useDownloadFinalReport } from '../../../api/download-final-report';
import { browserSharePort, type SharePort } from '../share/share-port';
import { SURVEY_NAMES } from '../survey-links';

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

/** Said under a result still on its way while the result stream is reconnecting. */
export const RECONNECTING_TEXT = 'The connection to the study was interrupted; it is being restored and your result will show as soon as it is back.';

function Reconnecting({ connected }: { connected: boolean }) {
  return connected ? null : <p className="final-score__reconnecting">{RECONNECTING_TEXT}</p>;
}

export const FINAL_TYPE_PENDING_TEXT = 'All three assessments are done. Your final type is being worked out and will appear here in a moment.';
export const REPORT_PENDING_TEXT = 'Your final report (PDF) is being made; the download link appears here in a moment.';

function Pending({ surveys, connected }: { surveys: SurveyStates; connected: boolean }) {
  const remaining = SURVEY_ORDER.filter((id) => !isSurveyDone(id, surveys[id].status));
  if (remaining.length > 0) {
    return (
      <>
        <p>Your final type is worked out from all three assessments. Still to do:</p>
        <ul className="final-score__todo">
          {remaining.map((id) => (
            <li key={id}>{SURVEY_NAMES[id]}</li>
          ))}
        </ul>
      </>
    );
  }
  if (surveys.nardi.status !== 'completed') {
    return <p>The final type needs the results of the Nardi Personality Indicator, which was declined, so none can be given.</p>;
  }
  return (
    <>
      <p className="final-score__working" role="status">
        <span className="final-score__pulse" aria-hidden="true" />
        {FINAL_TYPE_PENDING_TEXT}
      </p>
      <Reconnecting connected={connected} />
    </>
  );
}

/** Each survey's own result, as the final type was worked out from them. */
function SurveyScores({ surveys, mbtiTypeCode }: { surveys: SurveyStates; mbtiTypeCode: string | null }) {
  const { typeFinder, nardi, selfAssessment } = surveys;
  const rows: { name: string; result: string; detail?: string }[] = [
    { name: SURVEY_NAMES.typeFinder, result: typeFinder.typeCode ?? '-' },
    { name: SURVEY_NAMES.nardi, result: nardi.typeCode ?? '-', detail: nardi.consistency !== undefined ? `consistency ${nardi.consistency}/10` : undefined },
    { name: SURVEY_NAMES.selfAssessment, result: selfAssessment.status === 'rejected' ? 'Declined' : (selfAssessment.typeCode ?? '-') },
  ];
  if (mbtiTypeCode) rows.push({ name: 'Official MBTI', result: mbtiTypeCode });
  return (
    <div className="final-score__scores">
      <h3 id="survey-scores-title">Your results by assessment</h3>
      <dl aria-labelledby="survey-scores-title">
        {rows.map((row) => (
          <div key={row.name} className="final-score__row">
            <dt>{row.name}</dt>
            <dd>
              <span className="final-score__row-type">{row.result}</span>
              {row.detail && <span className="final-score__row-detail">{row.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
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
        <Pending surveys={surveys} connected={connected} />
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
      {finalReport === null && (
        <>
          <p className="final-score__working" role="status">
            <span className="final-score__pulse" aria-hidden="true" />
            {REPORT_PENDING_TEXT}
          </p>
          <Reconnecting connected={connected} />
        </>
      )}
    </section>
  );
}
