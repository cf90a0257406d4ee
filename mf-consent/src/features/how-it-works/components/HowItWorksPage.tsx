import './how-it-works.css';
import { ButtonLink, EmailAddress, Page, readStudyConfig, type StudyConfig } from '@study/ui';
import { Link } from 'react-router-dom';
import { HOW_IT_WORKS_VIDEO } from '../video-assets';

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
  config?: Partial<StudyConfig>;
  /** The video shipped with the site, its captions and its poster; replaced in tests. */
  video?: { src: string; captions: string; poster?: string };
}

/** /how-it-works: the video (from the deployment's configuration), the steps in writing and help with common problems. */
export function HowItWorksPage({ config = readStudyConfig(), video = HOW_IT_WORKS_VIDEO }: HowItWorksPageProps) {
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
        <figure className="video-figure">
          {/* The site's own recording of the sign-up, captioned; no outside host involved. */}
          {/* The poster (a frame from the video's start) shows before it plays, instead of an empty box. */}
          <video className="video-player" controls preload="metadata" playsInline poster={video.poster} aria-describedby="how-video-caption">
            <source src={video.src} type="video/webm" />
            <track kind="captions" src={video.captions} srcLang="en" label="English" default />
            Your browser cannot play this video; the steps are written out below.
          </video>
          <figcaption id="how-video-caption">A short, captioned recording of signing up: the consent form, Open Humans and your dashboard.</figcaption>
        </figure>
      )}

      <section className="how-steps" aria-labelledby="how-steps-title">
        <h2 id="how-steps-title">The steps in writing</h2>
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
              Still stuck? Write to the research team at <a href={`mailto:${contactEmail}`}>
                  <EmailAddress address={contactEmail} />
                </a>.
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
