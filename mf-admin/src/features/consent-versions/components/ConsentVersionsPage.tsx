import '../../../components/admin.css';
import './consent-versions.css';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useConsentVersions } from '../use-consent-versions';
import { ConsentVersionsTable } from './ConsentVersionsTable';
import { PublishConsentForm } from './PublishConsentForm';

/** The consent texts on record: every version, who agreed to which, how many must agree again; and publishing a new text. */
export function ConsentVersionsPage() {
  const state = useConsentVersions();
  const { masterKey, setMasterKey, hasKey, versions, show } = state;
  return (
    <Page title="Consent" lead="Every version of the consent text, how many participants agreed to each, and how many must agree again." width="wide">
      <AdminNav />
      <form className="card" onSubmit={show} aria-label="Show the consent versions">
        <MasterKeyField value={masterKey} onChange={setMasterKey} />
        <Button type="submit" disabled={!hasKey || versions.state === 'loading'}>
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
      <PublishConsentForm state={state} />
    </Page>
  );
}
