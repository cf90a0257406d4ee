export interface Bar {
  label: string;
  value: number;
  /** Shown after the bar, e.g. '12 of 200'. */
  valueText: string;
}

export interface BarChartProps {
  bars: readonly Bar[];
  /** The value a full-width bar stands for. */
  max: number;
  /** Where to draw the target line, if any (same units as the values). */
  target?: number;
  targetLabel?: string;
}

/**
 * Horizontal bars, each an inline SVG scaled to its row, with the labels as text beside it so
 * they stay readable at any width. Hidden from assistive technology: the same figures are in
 * the table that goes with the chart.
 */
export function BarChart({ bars, max, target, targetLabel }: BarChartProps) {
  const scale = (value: number) => (max > 0 ? Math.min(100, (value / max) * 100) : 0);
  return (
    <div className="bar-chart" aria-hidden="true">
      {target !== undefined && targetLabel && (
        <p className="bar-chart__legend">
          <span className="bar-chart__legend-line" /> {targetLabel}
        </p>
      )}
      {bars.map((bar) => {
        const width = scale(bar.value);
        const reached = target !== undefined && bar.value >= target;
        return (
          <div className="bar-chart__row" key={bar.label}>
            <span className="bar-chart__label">{bar.label}</span>
            <svg className="bar-chart__bar" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
              <rect className="bar-chart__track" x="0" y="0" width="100" height="10" rx="1.5" />
              {/* A bar that is not zero stays visible however small it is. */}
              {bar.value > 0 && <rect className={reached ? 'bar-chart__fill bar-chart__fill--reached' : 'bar-chart__fill'} x="0" y="0" width={Math.max(width, 0.8)} height="10" rx="1.5" />}
              {target !== undefined && <line className="bar-chart__target" x1={scale(target)} x2={scale(target)} y1="0" y2="10" vectorEffect="non-scaling-stroke" />}
            </svg>
            <span className="bar-chart__value">{bar.valueText}</span>
          </div>
        );
      })}
    </div>
  );
}
