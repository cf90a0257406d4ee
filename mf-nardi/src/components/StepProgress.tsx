import { NARDI_STEPS, type NardiStep } from '../lib/steps';

export interface StepProgressProps {
  step: NardiStep;
}

/** 'Step 2 of 4: Temperament' and a bar of the four steps, the current one marked. */
export function StepProgress({ step }: StepProgressProps) {
  const index = NARDI_STEPS.findIndex((candidate) => candidate.step === step);
  const current = NARDI_STEPS[index];
  return (
    <div className="nardi-steps">
      <p className="nardi-steps__label">
        Step {index + 1} of {NARDI_STEPS.length}
        {current && <span className="nardi-steps__name">: {current.label}</span>}
      </p>
      <ol className="nardi-steps__list" aria-label="Steps of the Nardi survey">
        {NARDI_STEPS.map((candidate, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'todo';
          return (
            <li key={candidate.step} className={`nardi-steps__item nardi-steps__item--${state}`} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="nardi-steps__text">
                {candidate.label}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
