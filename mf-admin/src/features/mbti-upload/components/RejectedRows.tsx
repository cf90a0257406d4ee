import type { RejectedRow } from '../api/parse-mbti-csv';

/** The rows of the file that were not sent, each with its line and why. */
export function RejectedRows({ rows }: { rows: RejectedRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="admin-section" aria-labelledby="rejected-rows-title">
      <h2 id="rejected-rows-title">Rows not used ({rows.length})</h2>
      <p className="admin-help">These rows were not sent. Correct them and upload the file again: the rows stored already are left as they are when their scores have not changed.</p>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col" className="admin-table__num">
                Line
              </th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ line, reason }, i) => (
              <tr key={`${line}-${i}`}>
                <td className="admin-table__num">{line}</td>
                <td>{reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
