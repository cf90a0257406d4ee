import { AUDIT_COMMAND_LINE_LABEL, AUDIT_MASTER_KEY_LABEL, auditActions, auditActors } from '@study/contracts';
import { Button, TextField } from '@study/ui';
import { ROLE_LABELS } from '../../../session/capabilities';
import { ACTION_LABELS, ACTOR_LABELS } from '../audit-labels';
import type { AuditTrailState } from '../use-audit-trail';
import { SelectField } from '../../../components/SelectField';

/** The filters, and the button that shows their entries. */
export function AuditFilterForm({ state }: { state: AuditTrailState }) {
  const { form, field, fieldErrors, list, submit, team } = state;
  // The people of the team (for a role that may see it), and the master key used as a break-glass.
  const people: [string, string][] = [['', 'Any person'], ...(team ?? []).map((person) => [person.id, `${person.name} (${ROLE_LABELS[person.role]})`] as [string, string]), ['master-key', AUDIT_MASTER_KEY_LABEL], ['command-line', AUDIT_COMMAND_LINE_LABEL]];
  return (
    <form className="card" onSubmit={submit} aria-label="Filter the audit trail" noValidate>
      <fieldset className="audit-filters">
        <legend>Filters</legend>
        <p className="field__hint audit-filters__hint">Write a day as YYYY-MM-DD. A day runs from midnight to midnight UTC, the time zone of the entries' times.</p>
        <SelectField label="Action" value={form.action} onChange={field('action')} error={fieldErrors.action} options={[['', 'Any action'], ...auditActions.map((action) => [action, ACTION_LABELS[action]] as [string, string])]} />
        <SelectField label="By" value={form.actor} onChange={field('actor')} error={fieldErrors.actor} options={[['', 'Anyone'], ...auditActors.map((actor) => [actor, ACTOR_LABELS[actor]] as [string, string])]} />
        <SelectField label="Person" value={form.by} onChange={field('by')} error={fieldErrors.by} options={people} />
        <TextField label="Study ID" name="pgId" value={form.pgId} onChange={field('pgId')} error={fieldErrors.pgId} autoComplete="off" spellCheck={false} />
        {/* Text, not the browser's date picker, which writes the day in the browser's own order (mm/dd/yyyy, dd/mm/yyyy): the entries, the filters and the CSV export all write YYYY-MM-DD. */}
        <TextField label="From (day, UTC)" name="from" placeholder="YYYY-MM-DD" value={form.from} onChange={field('from')} error={fieldErrors.from} autoComplete="off" spellCheck={false} />
        <TextField label="To (day, UTC)" name="to" placeholder="YYYY-MM-DD" value={form.to} onChange={field('to')} error={fieldErrors.to} autoComplete="off" spellCheck={false} />
      </fieldset>
      <Button type="submit" disabled={list.state === 'loading'}>
        Show entries
      </Button>
    </form>
  );
}
