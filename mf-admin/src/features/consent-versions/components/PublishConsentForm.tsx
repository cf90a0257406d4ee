import { Button, Notice } from '@study/ui';
import { useId } from 'react';
import type { ConsentVersionsState } from '../use-consent-versions';
import { ConsentMarkupHelp } from './ConsentMarkupHelp';

/** The new consent text, optionally started from the current one, and its publication's outcome. */
export function PublishConsentForm({ state }: { state: ConsentVersionsState }) {
  const { versions, text, setText, publishing, publish } = state;
  const textId = useId();
  return (
    <form className="card" onSubmit={(event) => void publish(event)} aria-label="Publish a new consent text">
      <h2>Publish a new consent text</h2>
      <p>Participants who agreed to an earlier version are asked to agree to the new one on their next visit. The current text published again changes nothing.</p>
      <ConsentMarkupHelp id={`${textId}-markup`} />
      {versions.state === 'loaded' && (
        <div className="btn-row">
          <Button type="button" variant="secondary" onClick={() => setText(versions.data.currentText)}>
            Start from the current text ({versions.data.currentVersionId})
          </Button>
        </div>
      )}
      <label htmlFor={textId}>Consent text</label>
      <textarea id={textId} className="consent-versions__text" rows={14} value={text} onChange={(event) => setText(event.target.value)} spellCheck aria-describedby={`${textId}-markup`} />
      <Button type="submit" disabled={text.trim() === '' || publishing.state === 'sending'} aria-busy={publishing.state === 'sending'}>
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
  );
}
