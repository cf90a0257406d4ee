import type { SurveyState } from '@study/contracts';
import { ButtonLink } from '@study/ui';

export interface MbtiEntryProps {
  mbti: SurveyState;
}

function statusText(status: SurveyState['status']): string {
  switch (status) {
    case 'started':
      return 'Started: press MBTI Completed on its page once you have finished.';
    case 'completed':
      return 'Completed. Your official results reach the study about one week after completion.';
    default:
      return 'Take the official MBTI assessment on the provider\u2019s site with your study email. It is not required.';
  }
}

/** The way to the optional official MBTI assessment (/mbti), with where it stands. */
export function MbtiEntry({ mbti }: MbtiEntryProps) {
  return (
    <section className="card mbti-entry" aria-labelledby="mbti-entry-title">
      <h2 id="mbti-entry-title">Official MBTI (optional)</h2>
      <p>{statusText(mbti.status)}</p>
      {mbti.status !== 'completed' && (
        <ButtonLink to="/mbti" variant="secondary">
          {mbti.status === 'started' ? 'Continue' : 'Go to'} the MBTI assessment
        </ButtonLink>
      )}
    </section>
  );
}
