import type { SurveyStates } from '@study/client-state';
import { SURVEY_NAMES } from '../survey-links';

/** Each survey's own result, as the final type was worked out from them. */
export function SurveyScores({ surveys, mbtiTypeCode }: { surveys: SurveyStates; mbtiTypeCode: string | null }) {
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
