import type { SurveyStates } from '@study/client-state';
import { isSurveyDone, SURVEY_ORDER } from '@study/personality';
import { SURVEY_NAMES } from '../survey-links';

/** Said under a result still on its way while the result stream is reconnecting. */
export const RECONNECTING_TEXT = 'The connection to the study was interrupted; it is being restored and your result will show as soon as it is back.';

/** A result on its way: the text as a live status with a pulse, and the reconnecting notice while the stream is down. */
export function WorkingStatus({ text, connected }: { text: string; connected: boolean }) {
  return (
    <>
      <p className="final-score__working" role="status">
        <span className="final-score__pulse" aria-hidden="true" />
        {text}
      </p>
      {!connected && <p className="final-score__reconnecting">{RECONNECTING_TEXT}</p>}
    </>
  );
}

export const FINAL_TYPE_PENDING_TEXT = 'All three assessments are done. Your final type is being worked out and will appear here in a moment.';
export const REPORT_PENDING_TEXT = 'Your final report (PDF) is being made; the download link appears here in a moment.';

/** Before the final type: the surveys still to do, why none can come, or that it is being worked out. */
export function FinalTypePending({ surveys, connected }: { surveys: SurveyStates; connected: boolean }) {
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
  return <WorkingStatus text={FINAL_TYPE_PENDING_TEXT} connected={connected} />;
}
