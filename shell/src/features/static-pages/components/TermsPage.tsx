import { Page } from '@study/ui';
import { Link } from 'react-router-dom';

export function TermsPage() {
  return (
    <Page title="Terms of use" lead="The rules for using this website and taking part in the study.">
      <div className="prose">
        <h2>1. Who may take part</h2>
        <p>
          The study is open to adults aged 18 or over who hold their own raw genotyping data. By signing the consent
          form you confirm that you meet these conditions and that the data you share is your own.
        </p>

        <h2>2. Taking part is voluntary and unpaid</h2>
        <p>
          There is no payment or other reward for taking part. You may stop at any time, skip anything you do not wish
          to answer, and withdraw as described in the consent form and the <Link to="/privacy">privacy notice</Link>.
        </p>

        <h2>3. Your study ID</h2>
        <p>
          When you connect your data you receive a study ID. It is the key to your dashboard, so keep it to yourself
          and do not post it publicly. Please take part only once.
        </p>

        <h2>4. Third-party services</h2>
        <p>
          Genetic data is shared through Open Humans, and two of the assessments run on other providers&apos; sites
          (the TypeFinder test and the official type indicator). Their own terms and privacy policies apply when you
          use them. You sign in to them with a study email address made from your study ID, so you do not need to give
          them your personal address.
        </p>

        <h2>5. Results are for research and interest, not advice</h2>
        <p>
          Personality type results, reports and descriptions are provided for research and personal interest. They
          are not a medical, psychological or genetic diagnosis and should not be used for decisions about health,
          employment or relationships.
        </p>

        <h2>6. Acceptable use</h2>
        <p>
          Please do not try to access other people&apos;s data, disrupt the site or submit answers that you know to be
          untrue. We may exclude data that is clearly not genuine from the analysis.
        </p>

        <h2>7. Availability and changes</h2>
        <p>
          We try to keep the site available but cannot promise it will always be. If these terms change in a way that
          affects participants, the change will be announced on this site, and it will not apply to data you have
          already shared without your agreement.
        </p>
      </div>
    </Page>
  );
}
