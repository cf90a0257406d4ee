import { useAnalytics, type SurveyStates } from '@study/client-state';
import { ButtonLink } from '@study/ui';
import { SURVEY_NAMES, surveyItems, type SurveyItem } from '../survey-links';

function statusText(item: SurveyItem): string {
  switch (item.state) {
    case 'completed': {
      const parts = ['Completed'];
      if (item.typeCode) parts.push(`your type: ${item.typeCode}`);
      if (item.consistency !== undefined) parts.push(`consistency ${item.consistency}/10`);
      return parts.join(' · ');
    }
    case 'rejected':
      return 'Declined';
    case 'next':
      return item.started ? 'In progress: continue where you left off.' : 'Ready to start.';
    case 'locked':
      return item.waitsFor ? `Opens after ${SURVEY_NAMES[item.waitsFor]}.` : 'Not open yet.';
  }
}

const BADGES: Record<SurveyItem['state'], string> = { completed: 'Done', rejected: 'Declined', next: 'Next', locked: 'Locked' };

export interface SurveyListProps {
  surveys: SurveyStates;
}

/** The three required surveys in order; only the next one links on, completed ones show their result. */
export function SurveyList({ surveys }: SurveyListProps) {
  const analytics = useAnalytics();
  return (
    <section className="surveys" aria-labelledby="surveys-title">
      <h2 id="surveys-title">Your surveys</h2>
      <p className="surveys__lead">Take them in this order: each one opens when the one before it is done.</p>
      <ol className="survey-list">
        {surveyItems(surveys).map((item) => (
          <li key={item.id} className={`survey-item survey-item--${item.state}`} aria-current={item.state === 'next' ? 'step' : undefined}>
            <span className="survey-item__badge">{BADGES[item.state]}</span>
            <div className="survey-item__text">
              <h3 className="survey-item__name">{item.name}</h3>
              <p className="survey-item__status">{statusText(item)}</p>
            </div>
            {item.state === 'completed' && item.typeCode && (
              <span className="survey-item__type" aria-hidden="true">
                {item.typeCode}
              </span>
            )}
            {item.link !== null && (
              <ButtonLink
                to={item.link}
                className="survey-item__action"
                onClick={() => analytics.track({ action: 'Selected survey', category: 'User', label: item.id })}
              >
                {item.started ? 'Continue' : 'Start'} <span className="visually-hidden">{item.name}</span>
              </ButtonLink>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
