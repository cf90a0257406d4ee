import { ButtonLink, Page } from '@study/ui';

export function AboutPage() {
  return (
    <Page title="About the researcher" lead="Why this study exists and how it is run.">
      <div className="prose">
        <h2>The question</h2>
        <p>
          People have described personality in terms of types for a century: whether we draw energy from company or
          from solitude, trust facts or patterns, decide with logic or with values, and like to settle things or keep
          options open. Studies of twins raised together and apart show that a sizeable share of these differences is
          inherited. Which genes are involved, and how, is still an open question.
        </p>
        <p>
          This study was started by a researcher with a long interest in personality type and in citizen science. The
          idea is simple: millions of people already hold their own genotyping data, and many know their type well. If
          enough of them share both, we can look for genetic variants that are more common in one type than in
          another.
        </p>

        <h2>How the study is run</h2>
        <ul>
          <li>
            <strong>Independent and non-commercial.</strong> Nobody is paid to take part and nothing collected here is
            sold.
          </li>
          <li>
            <strong>Open Humans for the genetic data.</strong> Genotype files never pass through an email or a form on
            this site: you share them through Open Humans, a non-profit platform built for participant-led research,
            and you can revoke access there at any moment.
          </li>
          <li>
            <strong>Several measures of type.</strong> A single questionnaire is a noisy measure. Each participant
            takes the TypeFinder test and the Nardi Personality Indicator and states their own best-fit type; the final
            type combines all three.
          </li>
          <li>
            <strong>Ethical oversight.</strong> The protocol and consent form were reviewed by an independent
            institutional review board before recruitment began.
          </li>
          <li>
            <strong>Results for everyone.</strong> Findings will be published openly and summarised in plain language
            for participants.
          </li>
        </ul>

        <h2>Who we are looking for</h2>
        <p>
          Adults aged 18 or over who already have raw genotyping data, of every personality type. To compare the types
          fairly we need about 200 people per type, up to 6,000 people in total, so types that are rarer in the
          population are especially welcome.
        </p>
      </div>
      <div className="btn-row">
        <ButtonLink to="/consent">I&apos;d Like to Participate</ButtonLink>
        <ButtonLink to="/" variant="ghost">
          Back to the home page
        </ButtonLink>
      </div>
    </Page>
  );
}
