export interface ScoreBarProps {
  score: number;
  outOf: number;
}

/**
 * A small horizontal bar for a score. Decoration only: the number it draws is always written
 * beside it, so assistive technology skips the bar.
 */
export function ScoreBar({ score, outOf }: ScoreBarProps) {
  const share = outOf > 0 ? Math.min(100, Math.max(0, (score / outOf) * 100)) : 0;
  return (
    <span className="score-bar" aria-hidden="true">
      <span className="score-bar__fill" style={{ width: `${share}%` }} />
    </span>
  );
}
