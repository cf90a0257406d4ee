import './how-it-works.css';
import { ButtonLink, Notice, Page, readStudyConfig, type StudyConfig } from '@study/ui';
import { Link } from 'react-router-dom';

const STEPS: { title: string; text: string }[] = [
  {
    title: 'Read the consent form',
    text: "Tick the box to certify that you are 18 or older and agree to take part, then choose 'Agree & Authorize Project'.",
  },
  {
    title: 'Authorize the project on Open Humans',
    text: "A new tab opens at Open Humans. Sign in (or create a free account), make sure your genotyping data is shared, and choose to authorize the project. The consent tab shows 'Waiting for OpenHumans Auth' meanwhile.",
  },
  {
    title: 'Receive your study ID',
    text: 'Open Humans sends you back to this site, which creates your study ID and opens your dashboard. Write the ID down: it is how you return later, from any browser.',
  },
  {
    title: 'Take the assessments in order',
    text: 'Your dashboard lists the TypeFinder test, the Nardi Personality Indicator and a short self-assessment. Each one opens when the one before it is done.',
  },
  {
    title: 'See your results',
    text: 'Scores appear on your dashboard as you go; the final type comes when all three are done.',
  },
];

const TROUBLES: { problem: string; fix: string }[] = [
  {
    problem: 'No new tab opened',
    fix: "Your browser may have blocked it. Allow pop-ups for this site, or use the 'open the Open Humans authorization page' link shown under 'Waiting for OpenHumans Auth'.",
  },
  {
    problem: "'An error occurred' after authorizing",
    fix: 'Start again from the consent form, in the same browser you use to read it: the sign-in only completes in the browser where it started.',
  },
  {
    problem: 'Lost your study ID',
    fix: 'Authorize the project again with the same Open Humans account: you get the same study ID back.',
  },
];

export interface HowItWorksPageProps {
  /** The deployment's /config.js settings; replaced in tests. */
  config?: StudyConfig;
}

/** /how-it-works: the video (from the deployment's configuration), the steps in writing and help with common problems. */
export function HowItWorksPage({ config = readStudyConfig() }: HowItWorksPageProps) {
  const { howItWorksVideoUrl, contactEmail } = config;
  return (
    <Page title="How it works" lead="How to sign up for the study, and what to do when something gets in the way.">
      {howItWorksVideoUrl ? (
        <div className="video-frame">
          <iframe
            src={howItWorksVideoUrl}
            title="How the study works (video)"
            loading="lazy"
            allow="encrypted-media; picture-in-picture; fullscreen"
            // The site sends no referrer by default; video players need the origin to allow embedding.
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      ) : (
        <Notice style="info" title="The video is not available on this site.">
          <p>The same steps are written out below.</p>
        </Notice>
      )}

      <section className="how-steps" aria-labelledby="how-steps-title">
        <h2 id="how-steps-title">{howItWorksVideoUrl ? 'The steps in writing' : 'The steps'}</h2>
        <ol>
          {STEPS.map((step) => (
            <li key={step.title}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="how-troubles" aria-labelledby="how-troubles-title">
        <h2 id="how-troubles-title">If something goes wrong</h2>
        <dl>
          {TROUBLES.map((trouble) => (
            <div key={trouble.problem}>
              <dt>{trouble.problem}</dt>
              <dd>{trouble.fix}</dd>
            </div>
          ))}
        </dl>
        <p>
          {contactEmail ? (
            <>
              Still stuck? Write to the research team at <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
            </>
          ) : (
            <>
              Still stuck? The <Link to="/">home page</Link> explains how to reach the research team.
            </>
          )}
        </p>
      </section>

      <div className="btn-row">
        <ButtonLink to="/consent">Return to consent</ButtonLink>
      </div>
    </Page>
  );
}
