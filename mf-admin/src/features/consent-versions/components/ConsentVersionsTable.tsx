import type { ConsentVersionsOverview } from '@study/contracts';
import { utcDateTime } from '../../../lib/utc-time';

const number = new Intl.NumberFormat('en-US');
/** The column headings, also the labels of the values where a phone shows each version as a card. */
const COLUMNS = { hash: 'Content hash (SHA-256)', published: 'Published (UTC)', latest: 'Latest consent of' } as const;

/** The versions on record, the current one named, and how many participants must agree again. */
export function ConsentVersionsTable({ overview }: { overview: ConsentVersionsOverview }) {
  return (
    <section className="admin-section" aria-label="Consent versions">
      <p className="consent-versions__summary">
        Current version: <strong>{overview.currentVersionId}</strong>.{' '}
        <strong className="consent-versions__must-agree">{number.format(overview.mustAgreeAgain)}</strong> participants must agree again on their next visit.
      </p>
      <div className="admin-table-wrap admin-table-wrap--full consent-versions__table-wrap">
        <table className="admin-table admin-table--stack">
          <caption>Consent versions</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">{COLUMNS.hash}</th>
              <th scope="col">{COLUMNS.published}</th>
              <th scope="col" className="admin-table__num">
                {COLUMNS.latest}
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.versions.map((version) => (
              <tr key={version.versionId}>
                <th scope="row">
                  {version.versionId}
                  {version.versionId === overview.currentVersionId ? ' (current)' : ''}
                </th>
                <td data-label={COLUMNS.hash}>
                  <code className="consent-versions__hash">{version.hash}</code>
                </td>
                <td data-label={COLUMNS.published}>{utcDateTime(version.publishedAt)}</td>
                <td className="admin-table__num" data-label={COLUMNS.latest}>
                  {number.format(version.latestConsents)}
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">Version not recorded</th>
              <td data-label={COLUMNS.hash}>–</td>
              <td data-label={COLUMNS.published}>–</td>
              <td className="admin-table__num" data-label={COLUMNS.latest}>
                {number.format(overview.versionNotRecorded)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}
