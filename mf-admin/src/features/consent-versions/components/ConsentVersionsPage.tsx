import '../../../components/admin.css';
import './consent-versions.css';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { AdminNav } from '../../../components/AdminNav';
import { Capabilities, TOOL_PAGES } from '../../../session/capabilities';
import { IfAllowed, StaffGate } from '../../../session/StaffGate';
import { useStaffSession } from '../../../session/staff-session';
import { useConsentVersions } from '../use-consent-versions';
import { ConsentVersionsTable } from './ConsentVersionsTable';
import { PublishConsentForm } from './PublishConsentForm';

function ConsentVersionsTools() {
  const state = useConsentVersions();
  const { can } = useStaffSession();
  const { versions, show } = state;
  return (
    <>
      <form className="card" onSubmit={show} aria-label="Show the consent versions">
        <Button type="submit" disabled={versions.state === 'loading'}>
          {versions.state === 'loaded' ? 'Refresh' : 'Show versions'}
        </Button>
      </form>
      {versions.state === 'loading' && <Spinner label="Counting consents..." />}
      {versions.state === 'failed' && (
        <Notice style="danger" title="The consent versions could not be loaded.">
          <p>{versions.message}</p>
        </Notice>
      )}
      {versions.state === 'loaded' && <ConsentVersionsTable overview={versions.data} />}
      <IfAllowed allowed={can(Capabilities.consentVersionsPublish)} what="publishing a consent text">
        <PublishConsentForm state={state} />
      </IfAllowed>
    </>
  );
}

/** The consent texts on record: every version, who agreed to which, how many must agree again; and publishing a new text. */
export function ConsentVersionsPage() {
  return (
    <Page title="Consent" lead="Every version of the consent text, how many participants agreed to each, and how many must agree again." width="wide">
      <AdminNav />
      <StaffGate access={TOOL_PAGES.consentVersions}>
        <ConsentVersionsTools />
      </StaffGate>
    </Page>
  );
}
