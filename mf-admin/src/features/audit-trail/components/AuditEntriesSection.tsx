import { Button, Notice, Spinner } from '@study/ui';
import type { AuditList, AuditTrailState } from '../use-audit-trail';
import { AuditEntriesTable } from './AuditEntriesTable';

/** The entries shown, with the CSV export of their filters and the way to older ones. */
export function AuditEntriesSection({ state, list }: { state: AuditTrailState; list: Extract<AuditList, { state: 'loaded' }> }) {
  const { exported, exportCsv, older, mayExport } = state;
  return (
    <section className="admin-section" aria-labelledby="audit-entries-title">
      <div className="audit-heading">
        <h2 id="audit-entries-title">Entries</h2>
        {mayExport && (
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exported.state === 'preparing'}>
            Export CSV
          </Button>
        )}
      </div>
      {exported.state === 'started' && <Notice style="success" title="The export has started: audit-trail.csv holds the entries of these filters." />}
      {exported.state === 'failed' && (
        <Notice style="danger" title="The export could not be started.">
          <p>{exported.message}</p>
        </Notice>
      )}
      <p className="admin-help" aria-live="polite">
        {list.entries.length === 0 ? 'No entries match these filters.' : `${list.entries.length} ${list.entries.length === 1 ? 'entry' : 'entries'} shown${list.nextBefore ? '; older ones follow.' : '.'}`}
      </p>
      {list.entries.length > 0 && <AuditEntriesTable entries={list.entries} />}
      {list.more === 'loading' && <Spinner label="Reading older entries..." />}
      {typeof list.more === 'object' && (
        <Notice style="danger" title="The older entries could not be shown.">
          <p>{list.more.failed}</p>
        </Notice>
      )}
      {list.nextBefore && (
        <p>
          <Button variant="secondary" onClick={() => void older()} disabled={list.more === 'loading'}>
            Older entries
          </Button>
        </p>
      )}
    </section>
  );
}
