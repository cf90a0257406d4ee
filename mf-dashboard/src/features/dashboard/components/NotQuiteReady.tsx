import { ButtonLink } from '@study/ui';
import { Link } from 'react-router-dom';

/** A known study ID without a live Open Humans authorization: consent (again) first. */
export function NotQuiteReady() {
  return (
    <section className="card not-ready" aria-labelledby="not-ready-title">
      <h2 id="not-ready-title">Not quite ready...</h2>
      <p>
        This study ID is not connected to Open Humans at the moment: the project has not been authorized yet, or the
        authorization was withdrawn. Please read the <Link to="/consent">consent form</Link> and authorize the project
        to continue. Your study ID stays the same.
      </p>
      <ButtonLink to="/consent">Go to the consent form</ButtonLink>
    </section>
  );
}
