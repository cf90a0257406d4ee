import type { AuditEntry, AuditFilters } from '@study/contracts';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useMasterKey } from '../../lib/master-key';
import { fieldErrorsOf, filtersOf, NO_FILTERS, type AuditFilterField, type AuditFilterForm } from './api/audit-filters';
import { useCreateAuditExportLink } from './api/create-audit-export-link';
import { useReadAuditPage } from './api/read-audit-page';

export type AuditList =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'failed'; message: string; fieldErrors: Partial<Record<AuditFilterField, string>> }
  | { state: 'loaded'; filters: AuditFilters; entries: AuditEntry[]; nextBefore: string | null; more: 'idle' | 'loading' | { failed: string } };

export type AuditExport = { state: 'idle' } | { state: 'preparing' } | { state: 'started' } | { state: 'failed'; message: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The audit trail page's state: the filters, the list shown (with its older pages) and the CSV
 * export of the filters shown. A key kept from another admin page of this tab shows the newest
 * entries at once.
 */
export function useAuditTrail(download: (url: string) => void) {
  const [masterKey, setMasterKey] = useMasterKey();
  const [form, setForm] = useState<AuditFilterForm>(NO_FILTERS);
  const [list, setList] = useState<AuditList>({ state: 'idle' });
  const [exported, setExported] = useState<AuditExport>({ state: 'idle' });
  const { mutateAsync: readAuditPage } = useReadAuditPage();
  const { mutateAsync: createAuditExportLink } = useCreateAuditExportLink();
  const hasKey = masterKey.trim() !== '';
  const field = (name: keyof AuditFilterForm) => (value: string) => setForm((current) => ({ ...current, [name]: value }));
  const fieldErrors = list.state === 'failed' ? list.fieldErrors : {};

  const load = useCallback(
    async (key: string, filters: AuditFilters) => {
      setList({ state: 'loading' });
      setExported({ state: 'idle' });
      try {
        const page = await readAuditPage({ masterKey: key, filters });
        setList({ state: 'loaded', filters, entries: page.entries, nextBefore: page.nextBefore, more: 'idle' });
      } catch (error) {
        const message = messageOf(error);
        setList({ state: 'failed', message, fieldErrors: fieldErrorsOf(message) });
      }
    },
    [readAuditPage],
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
      const page = await readAuditPage({ masterKey, filters: shown.filters, before: shown.nextBefore ?? undefined });
      setList({ ...shown, entries: [...shown.entries, ...page.entries], nextBefore: page.nextBefore, more: 'idle' });
    } catch (error) {
      setList({ ...shown, more: { failed: messageOf(error) } });
    }
  };

  const exportCsv = async () => {
    if (list.state !== 'loaded' || exported.state === 'preparing') return;
    setExported({ state: 'preparing' });
    try {
      download(await createAuditExportLink({ masterKey, filters: list.filters }));
      setExported({ state: 'started' });
    } catch (error) {
      setExported({ state: 'failed', message: messageOf(error) });
    }
  };

  return { masterKey, setMasterKey, hasKey, form, field, fieldErrors, list, exported, submit, older, exportCsv };
}

export type AuditTrailState = ReturnType<typeof useAuditTrail>;
