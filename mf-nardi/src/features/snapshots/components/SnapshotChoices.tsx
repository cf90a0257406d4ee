import { useId } from 'react';
import type { Snapshot } from '../offers';

export interface SnapshotChoicesProps {
  /** The question the group answers, e.g. 'Which temperament sounds most like you?' */
  legend: string;
  snapshots: readonly Snapshot[];
  selected: string | null;
  onSelect: (code: string) => void;
  disabled?: boolean;
}

/**
 * The snapshots as a group of radio cards: a native radio group, so Tab reaches the group, the
 * arrow keys move the choice and Space selects. Each radio is named by its code and title and
 * described by its text.
 */
export function SnapshotChoices({ legend, snapshots, selected, onSelect, disabled = false }: SnapshotChoicesProps) {
  const baseId = useId();
  return (
    <fieldset className="snapshots" disabled={disabled}>
      <legend className="snapshots__legend">{legend}</legend>
      <div className="snapshots__cards">
        {snapshots.map((snapshot) => {
          const checked = selected === snapshot.code;
          const titleId = `${baseId}-${snapshot.code}-title`;
          const descriptionId = `${baseId}-${snapshot.code}-description`;
          return (
            <label key={snapshot.code} className={checked ? 'snapshot snapshot--checked' : 'snapshot'}>
              <input
                className="snapshot__radio"
                type="radio"
                name={baseId}
                value={snapshot.code}
                checked={checked}
                onChange={() => onSelect(snapshot.code)}
                aria-labelledby={titleId}
                aria-describedby={descriptionId}
              />
              <span className="snapshot__body">
                <span className="snapshot__heading" id={titleId}>
                  <span className="snapshot__code">{snapshot.code}</span> <span className="snapshot__title">{snapshot.title}</span>
                </span>
                <span className="snapshot__description" id={descriptionId}>
                  {snapshot.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
