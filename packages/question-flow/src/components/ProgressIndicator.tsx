import type { FlowProgress, FlowView } from '../engine';

export interface ProgressIndicatorProps {
  progress: FlowProgress;
  view: FlowView;
}

/** 'Question 3 of 25' and a bar of how many questions have a valid answer. */
export function ProgressIndicator({ progress, view }: ProgressIndicatorProps) {
  const { answered, total, position, percent } = progress;
  const label = view === 'question' ? `Question ${position} of ${total}` : `${answered} of ${total} questions answered`;
  return (
    <div className="qflow-progress">
      <p className="qflow-progress__label">{label}</p>
      <div
        className="qflow-progress__track"
        role="progressbar"
        aria-label="Questions answered"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${total} answered`}
      >
        <div className="qflow-progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
