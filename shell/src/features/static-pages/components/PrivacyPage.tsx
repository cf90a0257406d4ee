import { Page } from '@study/ui';
import { Link } from 'react-router-dom';

export function PrivacyPage() {
  return (
    <Page title="Privacy" lead="What we collect, why, and what you can do about it.">
      <div className="prose">
        <h2>What we collect</h2>
        <ul>
          <li>
            <strong>Your study ID</strong>, a random code that identifies you in the study instead of your name.
          </li>
          <li>
            <strong>Your Open Humans authorization</strong>: the access Open Humans grants this project, which lets us
            read the genotyping file you chose to share.
          </li>
          <li>
            <strong>Your genotyping data</strong>, read from Open Humans for the analysis.
          </li>
          <li>
            <strong>Your answers and results</strong> from the TypeFinder test, the Nardi Personality Indicator, your
            self-assessment and, if you take it, the official type indicator.
          </li>
        </ul>
        <p>
          We do not ask for your name, postal address or personal email address. Third-party tests are taken with a
          study email made from your study ID.
        </p>

        <h2>How we use it</h2>
        <p>
          Only to run this study: to show you your progress and results, and to compare genotypes with personality
          types across participants. Analyses use the study ID, never your name, and results are published only for
          groups of people, never for an individual.
        </p>

        <h2>Who can see it</h2>
        <p>
          The research team, on secured systems with access limited to what the work needs. We never sell your data
          and never give it to employers, insurers or advertisers. If de-identified data is shared with other
          researchers for the same purpose, it is shared without anything that identifies you and only under an
          agreement that forbids trying to identify anyone.
        </p>

        <h2>On your device</h2>
        <p>
          The site keeps your study ID and your progress in your browser&apos;s local storage so you can continue where
          you left off. It sets no advertising or tracking cookies. Clearing your browser data removes this copy; your
          study data itself stays safe and you can return with your study ID.
        </p>

        <h2>Your choices</h2>
        <ul>
          <li>You can stop at any time without giving a reason.</li>
          <li>
            You can withdraw this project&apos;s access to your genetic data at any time on Open Humans; we then can no
            longer read it.
          </li>
          <li>
            You can ask for your study data to be deleted. Results already included in a published, group-level
            analysis cannot be removed from it, but nothing new will be based on your data.
          </li>
        </ul>

        <h2>Questions</h2>
        <p>
          The contact address of the research team is on the <Link to="/">home page</Link>. The{' '}
          <Link to="/terms">terms of use</Link> and the consent form give more detail.
        </p>
      </div>
    </Page>
  );
}
