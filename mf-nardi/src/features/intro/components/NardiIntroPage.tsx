import './intro.css';
import { NARDI_ESTIMATED_MINUTES, NARDI_EXAMPLE_ITEM, NARDI_QUESTION_COUNT } from '@study/personality';
import { useClientState } from '@study/client-state';
import { nardiPathForStatus } from '@study/navigation';
import { ButtonLink, Notice, Page } from '@study/ui';
import { NARDI_STEPS } from '../../../lib/steps';

const COUNT_WORDS: Readonly<Record<number, string>> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five' };

/** Statuses of a survey under way whose answers the study keeps (part one begun, or later parts to go). */
const UNDER_WAY = new Set(['pending', 'in-progress', 'reviewing', 'saving', 'part-one', 'part-two', 'part-three']);

/** Where a participant who already began stands: what is kept and where Continue goes; null for a fresh start. */
function progressOf(status: string, answered: number): { kept: string; continueTo: string } | null {
  if (!UNDER_WAY.has(status)) return null;
  const partOneOpen = ['pending', 'in-progress', 'reviewing', 'saving'].includes(status);
  if (partOneOpen && answered === 0) return null;
  const kept = partOneOpen
    ? `Your ${answered} ${answered === 1 ? 'answer is' : 'answers are'} kept: continue where you left off.`
    : 'Your answers to the questions are saved and kept: continue with the next part.';
  return { kept, continueTo: nardiPathForStatus(status) };
}

/** /nardi: what the Nardi Personality Indicator is, its parts, an example question, and the way in. */
export function NardiIntroPage() {
  // One part per step the survey shows ('Step 1 of 4' ...), so the intro and the steps agree.
  const parts = COUNT_WORDS[NARDI_STEPS.length] ?? String(NARDI_STEPS.length);
  // Back from part two (or a return later) lands here: say the answers are kept, and go on from there.
  const nardi = useClientState((state) => state.surveys.nardi);
  const progress = progressOf(nardi.status, nardi.answers.length);
  return (
    <Page title="Nardi Personality Indicator" lead={`Welcome! This part of the study takes about ${NARDI_ESTIMATED_MINUTES} minutes.`}>
      {progress !== null && (
        <div className="nardi-resume">
          <Notice style="info" title="You have already started.">
            <p>{progress.kept}</p>
            <ButtonLink to={progress.continueTo}>Continue</ButtonLink>
          </Notice>
        </div>
      )}
      <div className="prose">
        <p>
          The Nardi Personality Indicator looks at how you naturally prefer to think and act. There are no right or
          wrong answers and no better or worse types: answer as you usually are, not as you would like to be or as
          others expect you to be.
        </p>
        <h2>It has {parts} parts</h2>
        <ol className="nardi-parts">
          <li>
            <strong>{NARDI_QUESTION_COUNT} questions.</strong> Each question shows two statements, A and B. Choose the
            one that describes you better, even if neither fits perfectly.
          </li>
          <li>
            <strong>Your temperament.</strong> Based on your answers, pick the temperament snapshot that sounds most
            like you.
          </li>
          <li>
            <strong>Your cognitive style.</strong> Choose the one of two snapshots that best describes how you take in
            information and make decisions.
          </li>
          <li>
            <strong>Your type.</strong> Choose the one of three type snapshots that fits you best.
          </li>
        </ol>
      </div>

      {/* An illustration, not a question: plain quoted text, nothing that looks like a choice to tap. */}
      <section className="nardi-example" aria-labelledby="nardi-example-title">
        <h2 id="nardi-example-title">Example question</h2>
        <p className="nardi-example__prompt">Which describes you better?</p>
        <ul className="nardi-example__options">
          {(['A', 'B'] as const).map((key) => (
            <li key={key}>
              <span className="nardi-example__key" aria-hidden="true">
                {key}
              </span>
              <q className="nardi-example__statement">
                <span className="visually-hidden">{key}: </span>
                {NARDI_EXAMPLE_ITEM[key]}
              </q>
            </li>
          ))}
        </ul>
        <p className="nardi-example__note">
          In the survey you choose the statement that fits you better, and the next question appears by itself. You can
          go back and change an answer at any time before you save.
        </p>
      </section>

      <div className="btn-row">
        {progress === null ? (
          <ButtonLink to="/nardi/part-one">I am ready</ButtonLink>
        ) : (
          <ButtonLink to={progress.continueTo}>Continue</ButtonLink>
        )}
        <ButtonLink to="/survey" variant="ghost">
          Back to the dashboard
        </ButtonLink>
      </div>
    </Page>
  );
}
