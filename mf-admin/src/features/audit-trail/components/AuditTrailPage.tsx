import '../../../components/admin.css';
import './audit-trail.css';
import { Notice, Page, Spinner } from '@study/ui';
import { startDownload } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { TOOL_PAGES } from '../../../session/capabilities';
import { StaffGate } from '../../../session/StaffGate';
import { useAuditTrail } from '../use-audit-trail';
import { AuditEntriesSection } from './AuditEntriesSection';
import { AuditFilterForm } from './AuditFilterForm';

export { ACTION_LABELS, ACTOR_LABELS } from '../audit-labels';

export interface AuditTrailPageProps {
  /** Starts the browser download of a link (replaced in tests). */
  download?: (url: string) => void;
}

/** /audit-trail: every admin action and every consent, withdrawal and erasure, newest first, with filters and a CSV export. */
export function AuditTrailPage({ download = startDownload }: AuditTrailPageProps) {
  return (
    <Page title="Audit trail" lead="Every action of the study team and every consent, withdrawal and erasure, newest first, with the person who did it. Nobody can change or remove an entry." width="wide">
      <AdminNav />
      <StaffGate access={TOOL_PAGES.auditTrail}>
        <AuditTrailTools download={download} />
      </StaffGate>
    </Page>
  );
}

function AuditTrailTools({ download }: { download: (url: string) => void }) {
  const state = useAuditTrail(download);
  const { list } = state;
  return (
    <>
      <AuditFilterForm state={state} />
      {list.state === 'loading' && <Spinner label="Reading the audit trail..." />}
      {list.state === 'failed' && (
        <Notice style="danger" title="The audit trail could not be shown.">
          <p>{list.message}</p>
        </Notice>
      )}
      {list.state === 'loaded' && <AuditEntriesSection state={state} list={list} />}
    </>
  );
}
