import type { SurveyState } from '@study/contracts';

export interface MbtiScoreProps {
  mbti: SurveyState;
}

/** The official type-indicator result; shown only once it has been uploaded (dataReady). */
export function MbtiScore({ mbti }: MbtiScoreProps) {
  return (
    <section className="card mbti-score" aria-labelledby="mbti-score-title">
      <h2 id="mbti-score-title">Official MBTI result</h2>
      {mbti.typeCode ? <p className="final-score__code">{mbti.typeCode}</p> : <p>Your official result has been received.</p>}
    </section>
  );
}
