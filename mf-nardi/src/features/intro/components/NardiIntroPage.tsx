import './intro.css';
import { ButtonLink, Page } from '@study/ui';

export function NardiIntroPage() {
  return (
    <Page title="Nardi Personality Indicator" lead="Welcome! This part of the study takes about 12 minutes.">
      <div className="prose">
        <p>
          The Nardi Personality Indicator looks at how you naturally prefer to think and act. There are no right or
          wrong answers and no better or worse types: answer as you usually are, not as you would like to be or as
          others expect you to be.
        </p>
        <h2>Three parts</h2>
        <ol className="nardi-parts">
          <li>
            <strong>25 questions.</strong> Each question shows two statements, A and B. Choose the one that describes
            you better, even if neither fits perfectly.
          </li>
          <li>
            <strong>Your temperament.</strong> Based on your answers, pick the temperament snapshot that sounds most
            like you.
          </li>
          <li>
            <strong>Your type.</strong> Narrow it down: first choose between two snapshots of how you take in
            information and decide, then choose the one of three type snapshots that fits you best.
          </li>
        </ol>
      </div>

      <section className="card nardi-example" aria-labelledby="nardi-example-title">
        <h2 id="nardi-example-title">Example question</h2>
        <p className="nardi-example__prompt">Which describes you better?</p>
        <ul className="nardi-example__options">
          <li>
            <span className="nardi-example__key" aria-hidden="true">
              A
            </span>
            <span>
              <span className="visually-hidden">A: </span>I recharge by going out with friends.
            </span>
          </li>
          <li>
            <span className="nardi-example__key" aria-hidden="true">
              B
            </span>
            <span>
              <span className="visually-hidden">B: </span>I recharge with time on my own.
            </span>
          </li>
        </ul>
        <p className="nardi-example__note">
          In the survey you click the statement that fits you better, and the next question appears.
        </p>
      </section>

      <div className="btn-row">
        <ButtonLink to="/nardi/part-one">I am ready</ButtonLink>
        <ButtonLink to="/survey" variant="ghost">
          Back to the dashboard
        </ButtonLink>
      </div>
    </Page>
  );
}
