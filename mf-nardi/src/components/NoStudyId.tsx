import { ButtonLink, Notice, Page } from '@study/ui';

/** The Nardi steps need the participant's study ID; without one on this device they start at the dashboard. */
export function NoStudyId() {
  return (
    <Page title="Nardi Personality Indicator">
      <Notice style="warning" title="We do not know your study ID on this device yet.">
        <p>Open your dashboard with your study ID, then continue the Nardi survey from there.</p>
      </Notice>
      <div className="btn-row">
        <ButtonLink to="/survey">Go to the dashboard</ButtonLink>
      </div>
    </Page>
  );
}
