import '../../../components/admin.css';
import './consent-versions.css';
import { CONSENT_SETTING_NAMES, type ConsentVersionsOverview, type PublishConsentResponse } from '@study/contracts';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { Fragment, useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useMasterKey } from '../../../lib/master-key';
import { utcDateTime } from '../../../lib/utc-time';
import { httpConsentVersionsApi, type ConsentVersionsApi } from '../api/consent-versions-api';

export interface ConsentVersionsPageProps {
  api?: ConsentVersionsApi;
}

type Figures = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; overview: ConsentVersionsOverview } | { state: 'failed'; message: string };
type Publishing = { state: 'idle' } | { state: 'sending' } | { state: 'done'; answer: PublishConsentResponse } | { state: 'failed'; message: string };

const number = new Intl.NumberFormat('en-US');
/** The column headings, also the labels of the values where a phone shows each version as a card. */
const COLUMNS = { hash: 'Content hash (SHA-256)', published: 'Published (UTC)', latest: 'Latest consent of' } as const;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const defaultApi = httpConsentVersionsApi();

/** The consent texts on record: every version, who agreed to which, how many must agree again; and publishing a new text. */
export function ConsentVersionsPage({ api = defaultApi }: ConsentVersionsPageProps) {
  const [masterKey, setMasterKey] = useMasterKey();
  const [figures, setFigures] = useState<Figures>({ state: 'idle' });
  const [text, setText] = useState('');
  const [publishing, setPublishing] = useState<Publishing>({ state: 'idle' });
  const hasKey = masterKey.trim() !== '';
  const textId = useId();

  const load = useCallback(
    async (key: string) => {
      setFigures({ state: 'loading' });
      try {
        setFigures({ state: 'loaded', overview: await api.overview(key) });
      } catch (error) {
        setFigures({ state: 'failed', message: messageOf(error) });
      }
    },
    [api],
  );

  // A key kept from another admin page of this tab shows the versions at once.
  const initialKey = useRef<string | null>(masterKey);
  useEffect(() => {
    const key = initialKey.current;
    initialKey.current = null;
    if (key && key.trim() !== '') void load(key);
  }, [load]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    if (hasKey && figures.state !== 'loading') void load(masterKey);
  };

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasKey || text.trim() === '' || publishing.state === 'sending') return;
    setPublishing({ state: 'sending' });
    try {
      const answer = await api.publish(masterKey, text);
      setPublishing({ state: 'done', answer });
      if (answer.outcome === 'published') setText('');
      await load(masterKey);
    } catch (error) {
      setPublishing({ state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <Page title="Consent" lead="Every version of the consent text, how many participants agreed to each, and how many must agree again." width="wide">
      <AdminNav />
      <form className="card" onSubmit={show} aria-label="Show the consent versions">
        <MasterKeyField value={masterKey} onChange={setMasterKey} />
        <Button type="submit" disabled={!hasKey || figures.state === 'loading'}>
          {figures.state === 'loaded' ? 'Refresh' : 'Show versions'}
        </Button>
      </form>
      {figures.state === 'loading' && <Spinner label="Counting consents..." />}
      {figures.state === 'failed' && (
        <Notice style="danger" title="The consent versions could not be loaded.">
          <p>{figures.message}</p>
        </Notice>
      )}
      {figures.state === 'loaded' && (
        <section className="admin-section" aria-label="Consent versions">
          <p className="consent-versions__summary">
            Current version: <strong>{figures.overview.currentVersionId}</strong>.{' '}
            <strong className="consent-versions__must-agree">{number.format(figures.overview.mustAgreeAgain)}</strong> participants must agree again on their next visit.
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
                {figures.overview.versions.map((version) => (
                  <tr key={version.versionId}>
                    <th scope="row">
                      {version.versionId}
                      {version.versionId === figures.overview.currentVersionId ? ' (current)' : ''}
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
                    {number.format(figures.overview.versionNotRecorded)}
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
        </section>
      )}
      <form className="card" onSubmit={(event) => void publish(event)} aria-label="Publish a new consent text">
        <h2>Publish a new consent text</h2>
        <p>Participants who agreed to an earlier version are asked to agree to the new one on their next visit. The current text published again changes nothing.</p>
        {/* Examples with words after the marks: a mark on its own ('# ') hides its space and reads as '#'. */}
        <div className="consent-versions__markup" id={`${textId}-markup`}>
          <p>How to mark up the text:</p>
          <ul>
            <li>
              <code># Risks</code> on a line of its own is a heading;
            </li>
            <li>
              lines such as <code>- Your data stays pseudonymous</code> or <code>1. Read the form</code> are a list;
            </li>
            <li>
              <code>**words**</code> are in bold;
            </li>
            <li>a blank line separates headings, paragraphs and lists;</li>
            <li>
              {CONSENT_SETTING_NAMES.map((name, i) => (
                <Fragment key={name}>
                  {i > 0 && (i === CONSENT_SETTING_NAMES.length - 1 ? ' and ' : ', ')}
                  <code>{`{{${name}}}`}</code>
                </Fragment>
              ))}{' '}
              show this deployment's research team address and review board (its name, approval reference and contact) where participants read the text.
            </li>
          </ul>
        </div>
        {figures.state === 'loaded' && (
          <div className="btn-row">
            <Button type="button" variant="secondary" onClick={() => setText(figures.overview.currentText)}>
              Start from the current text ({figures.overview.currentVersionId})
            </Button>
          </div>
        )}
        <label htmlFor={textId}>Consent text</label>
        <textarea id={textId} className="consent-versions__text" rows={14} value={text} onChange={(event) => setText(event.target.value)} spellCheck aria-describedby={`${textId}-markup`} />
        <Button type="submit" disabled={!hasKey || text.trim() === '' || publishing.state === 'sending'} aria-busy={publishing.state === 'sending'}>
          Publish
        </Button>
        {publishing.state === 'done' && (
          <Notice style={publishing.answer.outcome === 'published' ? 'success' : 'info'} title={publishing.answer.outcome === 'published' ? `Published as ${publishing.answer.version.versionId}` : 'Nothing changed'}>
            <p>
              {publishing.answer.outcome === 'published'
                ? `Version ${publishing.answer.version.versionId} is now the current consent text.`
                : `The text is the current version (${publishing.answer.version.versionId}).`}
            </p>
          </Notice>
        )}
        {publishing.state === 'failed' && (
          <Notice style="danger" title="The text could not be published.">
            <p>{publishing.message}</p>
          </Notice>
        )}
      </form>
    </Page>
  );
}
