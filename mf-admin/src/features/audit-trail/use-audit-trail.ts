import type { AuditEntry, AuditFilters } from '@study/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Capabilities } from '../../session/capabilities';
import { useStaffSession } from '../../session/staff-session';
import { useStaffListQuery } from '../../api/staff-list';
import { fieldErrorsOf, filtersOf, NO_FILTERS, type AuditFilterField, type AuditFilterForm } from './api/audit-filters';
import { useCreateAuditExportLink } from './api/create-audit-export-link';
import { useReadAuditPage } from './api/read-audit-page';
import { messageOf } from '../../lib/message-of';

export type AuditList =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string; fieldErrors: Partial<Record<AuditFilterField, string>> }
  | { state: 'loaded'; filters: AuditFilters; entries: AuditEntry[]; nextBefore: string | null; more: 'idle' | 'loading' | { failed: string } };

export type AuditExport = { state: 'idle' } | { state: 'preparing' } | { state: 'started' } | { state: 'failed'; message: string };


/**
 * The audit trail page's state: the filters (the people of the team to filter by, for a role that
 * may see the team), the list shown (the newest entries when the page opens, then older pages)
 * and the CSV export of the filters shown.
 */
export function useAuditTrail(download: (url: string) => void) {
  const { can } = useStaffSession();
  const mayExport = can(Capabilities.auditExport);
  const staffList = useStaffListQuery(can(Capabilities.staffView));
  const [form, setForm] = useState<AuditFilterForm>(NO_FILTERS);
  const [list, setList] = useState<AuditList>({ state: 'idle' });
  const [exported, setExported] = useState<AuditExport>({ state: 'idle' });
  const { mutateAsync: readAuditPage } = useReadAuditPage();
  const { mutateAsync: createAuditExportLink } = useCreateAuditExportLink();
  const field = (name: keyof AuditFilterForm) => (value: string) => setForm((current) => ({ ...current, [name]: value }));
  const fieldErrors = list.state === 'failed' ? list.fieldErrors : {};

  const load = useCallback(
    async (filters: AuditFilters) => {
      setList({ state: 'loading' });
      setExported({ state: 'idle' });
      try {
        const page = await readAuditPage({ filters });
        setList({ state: 'loaded', filters, entries: page.entries, nextBefore: page.nextBefore, more: 'idle' });
      } catch (error) {
        const message = messageOf(error);
        setList({ state: 'failed', message, fieldErrors: fieldErrorsOf(message) });
      }
    },
    [readAuditPage],
  );

  // The newest entries as the page opens (once).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    void load({});
  }, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (list.state !== 'loading') void load(filtersOf(form));
  };

  const older = async () => {
    if (list.state !== 'loaded' || !list.nextBefore || list.more === 'loading') return;
    const shown = list;
    setList({ ...shown, more: 'loading' });
    try {
      const page = await readAuditPage({ filters: shown.filters, before: shown.nextBefore ?? undefined });
      setList({ ...shown, entries: [...shown.entries, ...page.entries], nextBefore: page.nextBefore, more: 'idle' });
    } catch (error) {
      setList({ ...shown, more: { failed: messageOf(error) } });
    }
  };

  const exportCsv = async () => {
    if (list.state !== 'loaded' || exported.state === 'preparing') return;
    setExported({ state: 'preparing' });
    try {
      download(await createAuditExportLink(list.filters));
      setExported({ state: 'started' });
    } catch (error) {
      setExported({ state: 'failed', message: messageOf(error) });
    }
  };

  return { form, field, fieldErrors, list, exported, submit, older, exportCsv, mayExport, team: staffList.data?.staff };
}

export type AuditTrailState = ReturnType<typeof useAuditTrail>;
