import type { SurveyState } from '@study/contracts';
import { getPersonalityType, isTypeCode } from '@study/personality';

export interface MbtiScoreProps {
  mbti: SurveyState;
}

/**
 * The official type-indicator result; shown only once it has been uploaded (dataReady), in place
 * of the card that says when it will arrive.
 */
export function MbtiScore({ mbti }: MbtiScoreProps) {
  const code = mbti.typeCode;
  return (
    <section className="card mbti-score" aria-labelledby="mbti-score-title">
      <h2 id="mbti-score-title">Official MBTI result</h2>
      {code ? (
        <>
          <p className="final-score__code">{code}</p>
          {isTypeCode(code) && <p className="mbti-score__title">{getPersonalityType(code).title}</p>}
          <p>Your official MBTI result has reached the study and counts towards your final type.</p>
        </>
      ) : (
        <p>Your official result has been received.</p>
      )}
    </section>
  );
}
