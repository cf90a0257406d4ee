import '../../../components/admin.css';
import './audit-trail.css';
import { auditActions, auditActors, type AuditAction, type AuditActor, type AuditDetails, type AuditEntry, type AuditFilters } from '@study/contracts';
import { Button, Notice, Page, Spinner, TextField } from '@study/ui';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { startDownload } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useMasterKey } from '../../../lib/master-key';
import { utcDateTime } from '../../../lib/utc-time';
import { fieldErrorsOf, filtersOf, httpAuditApi, NO_FILTERS, type AuditApi, type AuditFilterField, type AuditFilterForm } from '../api/audit-api';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'consent.given': 'Consent given',
  'consent.withdrawn': 'Consent withdrawn',
  'participant.erased': 'Participant erased',
  'consent.renewed': 'Consent renewed',
  'mbti.uploaded': 'MBTI upload',
  'statistics.downloaded': 'Statistics download',
  'roster.downloaded': 'Roster download',
  'enrollment.viewed': 'Enrollment view',
  'audit.exported': 'Audit trail export',
  'analysis-export.downloaded': 'Analysis export download',
  'reminder.sent': 'Reminders sent',
  'consent-text.published': 'Consent text published',
};

export const ACTOR_LABELS: Record<AuditActor, string> = {
  admin: 'Study team',
  participant: 'Participant',
  'open-humans': 'Open Humans',
  system: 'System',
};

export interface AuditTrailPageProps {
  api?: AuditApi;
  /** Starts the browser download of a link (replaced in tests). */
  download?: (url: string) => void;
}

type List =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string; fieldErrors: Partial<Record<AuditFilterField, string>> }
  | { state: 'loaded'; filters: AuditFilters; entries: AuditEntry[]; nextBefore: string | null; more: 'idle' | 'loading' | { failed: string } };

type Export = { state: 'idle' } | { state: 'preparing' } | { state: 'started' } | { state: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function detailsText(details: AuditDetails): string {
  const parts = Object.entries(details).map(([name, value]) => `${name}: ${value === null ? '–' : String(value)}`);
  return parts.length > 0 ? parts.join(', ') : '–';
}

function SelectField({ label, value, onChange, options, error }: { label: string; value: string; onChange: (value: string) => void; options: readonly [string, string][]; error?: string }) {
  const id = useId();
  return (
    <div className={['field', error ? 'field--error' : null].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field__input" value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The columns, each heading also the label of its value where a phone shows each entry as a card. */
const COLUMNS = { time: 'Time (UTC)', action: 'Action', by: 'By', pgId: 'Study ID', details: 'Details' } as const;

function EntriesTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="admin-table-wrap admin-table-wrap--full audit-table-wrap" role="region" aria-label="Audit entries" tabIndex={0}>
      <table className="admin-table admin-table--stack audit-table">
        <caption>Audit entries, newest first</caption>
        <thead>
          <tr>
            {Object.values(COLUMNS).map((heading) => (
              <th scope="col" key={heading}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="audit-table__time" data-label={COLUMNS.time}>
                <time dateTime={entry.at}>{utcDateTime(entry.at, { seconds: true })}</time>
              </td>
              <td data-label={COLUMNS.action}>{ACTION_LABELS[entry.action]}</td>
              <td data-label={COLUMNS.by}>{ACTOR_LABELS[entry.actor]}</td>
              <td className="audit-table__id" data-label={COLUMNS.pgId}>
                {entry.pgId ?? '–'}
              </td>
              <td className="audit-table__details" data-label={COLUMNS.details}>
                {detailsText(entry.details)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const defaultApi = httpAuditApi();

/** /audit-trail: every admin action and every consent, withdrawal and erasure, newest first, with filters and a CSV export. */
export function AuditTrailPage({ api = defaultApi, download = startDownload }: AuditTrailPageProps) {
  const [masterKey, setMasterKey] = useMasterKey();
  const [form, setForm] = useState<AuditFilterForm>(NO_FILTERS);
  const [list, setList] = useState<List>({ state: 'idle' });
  const [exported, setExported] = useState<Export>({ state: 'idle' });
  const hasKey = masterKey.trim() !== '';
  const field = (name: keyof AuditFilterForm) => (value: string) => setForm((current) => ({ ...current, [name]: value }));
  const fieldErrors = list.state === 'failed' ? list.fieldErrors : {};

  const load = useCallback(
    async (key: string, filters: AuditFilters) => {
      setList({ state: 'loading' });
      setExported({ state: 'idle' });
      try {
        const page = await api.entries(key, filters);
        setList({ state: 'loaded', filters, entries: page.entries, nextBefore: page.nextBefore, more: 'idle' });
      } catch (error) {
        const message = messageOf(error);
        setList({ state: 'failed', message, fieldErrors: fieldErrorsOf(message) });
      }
    },
    [api],
  );

  // A key kept from another admin page of this tab shows the newest entries at once (once, on arrival).
  const initialKey = useRef<string | null>(masterKey);
  useEffect(() => {
    const key = initialKey.current;
    initialKey.current = null;
    if (key && key.trim() !== '') void load(key, {});
  }, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasKey && list.state !== 'loading') void load(masterKey, filtersOf(form));
  };

  const older = async () => {
    if (list.state !== 'loaded' || !list.nextBefore || list.more === 'loading') return;
    const shown = list;
    setList({ ...shown, more: 'loading' });
    try {
      const page = await api.entries(masterKey, shown.filters, shown.nextBefore ?? undefined);
      setList({ ...shown, entries: [...shown.entries, ...page.entries], nextBefore: page.nextBefore, more: 'idle' });
    } catch (error) {
      setList({ ...shown, more: { failed: messageOf(error) } });
    }
  };

  const exportCsv = async () => {
    if (list.state !== 'loaded' || exported.state === 'preparing') return;
    setExported({ state: 'preparing' });
    try {
      download(await api.exportLink(masterKey, list.filters));
      setExported({ state: 'started' });
    } catch (error) {
      setExported({ state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <Page title="Audit trail" lead="Every action of the study team and every consent, withdrawal and erasure, newest first. Nobody can change or remove an entry." width="wide">
      <AdminNav />
      <form className="card" onSubmit={submit} aria-label="Filter the audit trail" noValidate>
        <MasterKeyField value={masterKey} onChange={setMasterKey} />
        <fieldset className="audit-filters">
          <legend>Filters</legend>
          <p className="field__hint audit-filters__hint">Write a day as YYYY-MM-DD. A day runs from midnight to midnight UTC, the time zone of the entries' times.</p>
          <SelectField label="Action" value={form.action} onChange={field('action')} error={fieldErrors.action} options={[['', 'Any action'], ...auditActions.map((action) => [action, ACTION_LABELS[action]] as [string, string])]} />
          <SelectField label="By" value={form.actor} onChange={field('actor')} error={fieldErrors.actor} options={[['', 'Anyone'], ...auditActors.map((actor) => [actor, ACTOR_LABELS[actor]] as [string, string])]} />
          <TextField label="Study ID" name="pgId" value={form.pgId} onChange={field('pgId')} error={fieldErrors.pgId} autoComplete="off" spellCheck={false} />
          {/* Text, not the browser's date picker, which writes the day in the browser's own order (mm/dd/yyyy, dd/mm/yyyy): the entries, the filters and the CSV export all write YYYY-MM-DD. */}
          <TextField label="From (day, UTC)" name="from" placeholder="YYYY-MM-DD" value={form.from} onChange={field('from')} error={fieldErrors.from} autoComplete="off" spellCheck={false} />
          <TextField label="To (day, UTC)" name="to" placeholder="YYYY-MM-DD" value={form.to} onChange={field('to')} error={fieldErrors.to} autoComplete="off" spellCheck={false} />
        </fieldset>
        <Button type="submit" disabled={!hasKey || list.state === 'loading'}>
          Show entries
        </Button>
      </form>
      {list.state === 'loading' && <Spinner label="Reading the audit trail..." />}
      {list.state === 'failed' && (
        <Notice style="danger" title="The audit trail could not be shown.">
          <p>{list.message}</p>
        </Notice>
      )}
      {list.state === 'loaded' && (
        <section className="admin-section" aria-labelledby="audit-entries-title">
          <div className="audit-heading">
            <h2 id="audit-entries-title">Entries</h2>
            <Button variant="secondary" onClick={() => void exportCsv()} disabled={exported.state === 'preparing'}>
              Export CSV
            </Button>
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
          {list.entries.length > 0 && <EntriesTable entries={list.entries} />}
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
      )}
    </Page>
  );
}
