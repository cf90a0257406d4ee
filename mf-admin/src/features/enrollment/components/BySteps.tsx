import type { Enrollment } from '@study/contracts';
import { number, percent, STEP_LABELS } from '../enrollment-texts';
import { BarChart } from './BarChart';

/** How many enrolled participants have reached each step, as a chart and as a table. */
export function BySteps({ enrollment }: { enrollment: Enrollment }) {
  const enrolled = enrollment.participants;
  return (
    <section className="card" aria-labelledby="by-step-title">
      <h2 id="by-step-title">By step</h2>
      <figure className="enrollment-figure">
        <figcaption>How many enrolled participants have reached each step. The table below holds the same figures.</figcaption>
        <BarChart bars={enrollment.steps.map(({ step, count }) => ({ label: STEP_LABELS[step], value: count, valueText: number.format(count) }))} max={enrolled} />
      </figure>
      <div className="admin-table-wrap admin-table-wrap--full">
        <table className="admin-table">
          <caption>Participants at each step</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="admin-table__num">
                Count
              </th>
              <th scope="col" className="admin-table__num">
                Of enrolled
              </th>
            </tr>
          </thead>
          <tbody>
            {enrollment.steps.map(({ step, count }) => (
              <tr key={step}>
                <th scope="row">{STEP_LABELS[step]}</th>
                <td className="admin-table__num">{number.format(count)}</td>
                <td className="admin-table__num">{percent(count, enrolled)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
