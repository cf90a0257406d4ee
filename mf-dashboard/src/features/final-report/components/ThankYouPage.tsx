import { ButtonLink, Page } from '@study/ui';

/** /thank-you */
export function ThankYouPage() {
  return (
    <Page title="Thank You">
      <p>Thank you for taking part in the study. Your answers help us learn how personality type and genetics are related.</p>
      <p>Your results stay available on your dashboard.</p>
      <ButtonLink to="/survey">Go to the Dashboard</ButtonLink>
    </Page>
  );
}
