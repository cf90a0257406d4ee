import type { SurveyStates } from '@study/client-state';
import type { FinalScore } from '@study/contracts';
import { getPersonalityType, INCONCLUSIVE, isSurveyDone, SURVEY_ORDER } from '@study/personality';
import { SURVEY_NAMES } from '../survey-links';

export interface FinalScoreCardProps {
  finalScore: FinalScore | null;
  surveys: SurveyStates;
}

function Pending({ surveys }: { surveys: SurveyStates }) {
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
  return <p>All three assessments are done. Your final type is being worked out: reload this page in a minute to see it.</p>;
}

/** The final personality type, or what is still needed before there is one. */
export function FinalScoreCard({ finalScore, surveys }: FinalScoreCardProps) {
  return (
    <section className="card final-score" aria-labelledby="final-score-title">
      <h2 id="final-score-title">Your final type</h2>
      {finalScore === null ? (
        <Pending surveys={surveys} />
      ) : finalScore.typeCode === INCONCLUSIVE ? (
        <>
          <p className="final-score__code">Inconclusive</p>
          <p>
            Your results point to different types and you were less than 80% sure of your own choice, so the study
            cannot name one type for you.
          </p>
        </>
      ) : (
        <>
          <p className="final-score__code">{finalScore.typeCode}</p>
          <p className="final-score__title">{getPersonalityType(finalScore.typeCode).title}</p>
          <p>{getPersonalityType(finalScore.typeCode).description}</p>
        </>
      )}
    </section>
  );
}
