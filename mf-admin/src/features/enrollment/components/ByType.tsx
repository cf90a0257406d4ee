import type { Enrollment } from '@study/contracts';
import { number, percent } from '../enrollment-texts';
import { BarChart } from './BarChart';

/** The final types against the target per type, as a chart and as a table. */
export function ByType({ enrollment }: { enrollment: Enrollment }) {
  const { perType } = enrollment.targets;
  // Room beyond the target, so its line sits inside the bars rather than on their end.
  const max = Math.max(perType * 1.25, ...enrollment.byType.map((entry) => entry.count));
  return (
    <section className="card" aria-labelledby="by-type-title">
      <h2 id="by-type-title">By final type</h2>
      <figure className="enrollment-figure">
        <figcaption>Participants with each final type against the target of {perType} per type. The table below holds the same figures.</figcaption>
        <BarChart
          bars={enrollment.byType.map(({ typeCode, count }) => ({ label: typeCode, value: count, valueText: `${number.format(count)} / ${perType}` }))}
          max={max}
          target={perType}
          targetLabel={`Target: ${perType} per type`}
        />
      </figure>
      <div className="admin-table-wrap admin-table-wrap--full">
        <table className="admin-table">
          <caption>
            Participants by final type <span className="admin-table__note">(target {perType} each)</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col" className="admin-table__num">
                Count
              </th>
              <th scope="col" className="admin-table__num">
                Of target
              </th>
            </tr>
          </thead>
          <tbody>
            {enrollment.byType.map(({ typeCode, count }) => (
              <tr key={typeCode}>
                <th scope="row">{typeCode}</th>
                <td className="admin-table__num">{number.format(count)}</td>
                <td className="admin-table__num">{percent(count, perType)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Inconclusive</th>
              <td className="admin-table__num">{number.format(enrollment.inconclusive)}</td>
              <td className="admin-table__num">–</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
