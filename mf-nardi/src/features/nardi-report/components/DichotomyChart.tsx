import type { NardiReportView } from '@study/contracts';
import { DICHOTOMY_TOPICS, PREFERENCE_NAMES } from '../report-texts';

type DichotomyRow = NardiReportView['dichotomies'][number];
type Side = DichotomyRow['left'];

export interface DichotomyChartProps {
  rows: readonly DichotomyRow[];
}

function SideLabel({ side, outOf, position, leading }: { side: Side; outOf: number; position: 'left' | 'right'; leading: boolean }) {
  return (
    <p className={`dichotomy__side dichotomy__side--${position}${leading ? ' dichotomy__side--leading' : ''}`}>
      <span className="dichotomy__name">
        <span className="dichotomy__letter">{side.letter}</span> {PREFERENCE_NAMES[side.letter]}
      </span>
      <span className="dichotomy__score">
        {side.score} of {outOf} ({side.percent}%)
      </span>
    </p>
  );
}

/**
 * The four pairs of preferences as split horizontal bars: each side's length is its share of
 * the pair's total, and both sides are labelled with the letter, its name, the score and the
 * percentage (the bar itself is hidden from assistive technology, the labels say it all).
 */
export function DichotomyChart({ rows }: DichotomyChartProps) {
  return (
    <ul className="dichotomies">
      {rows.map(({ label, left, right, outOf }) => (
        <li key={label} className="dichotomy">
          <h3 className="dichotomy__title">
            {PREFERENCE_NAMES[left.letter]} ({left.letter}) or {PREFERENCE_NAMES[right.letter]} ({right.letter})
          </h3>
          <p className="dichotomy__topic">{DICHOTOMY_TOPICS[label]}</p>
          <div className="dichotomy__labels">
            <SideLabel side={left} outOf={outOf} position="left" leading={left.score > right.score} />
            <SideLabel side={right} outOf={outOf} position="right" leading={right.score > left.score} />
          </div>
          <div className="dichotomy__bar" aria-hidden="true">
            <span className={`dichotomy__part dichotomy__part--left${left.score > right.score ? ' dichotomy__part--leading' : ''}`} style={{ flexGrow: left.score }} />
            <span className={`dichotomy__part dichotomy__part--right${right.score > left.score ? ' dichotomy__part--leading' : ''}`} style={{ flexGrow: right.score }} />
          </div>
        </li>
      ))}
    </ul>
  );
}
