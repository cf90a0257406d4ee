import './nardi-survey.css';
import type { ReactNode } from 'react';
import type { NardiStep } from '../lib/steps';
import { StepProgress } from './StepProgress';

export interface StepFrameProps {
  step: NardiStep;
  title: string;
  /** The short instructions under the heading. */
  lead: ReactNode;
  children?: ReactNode;
}

/** One Nardi step: where the participant is among the four steps, the heading, the instructions, the step. */
export function StepFrame({ step, title, lead, children }: StepFrameProps) {
  return (
    <div className="page page--narrow nardi-step">
      <StepProgress step={step} />
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      {children}
    </div>
  );
}
