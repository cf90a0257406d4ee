import type { ConsentTextView } from '@study/contracts';
import { Button, ConsentDocument, EmailAddress, Notice, Spinner } from '@study/ui';
import type { UseQueryResult } from '@tanstack/react-query';

export interface ConsentTextProps {
  /** The server's current consent version (GET /api/consent/text). */
  text: UseQueryResult<ConsentTextView>;
  /** The research team's address shown under the text, if any. */
  contactEmail?: string;
}

/** The consent text with its version id, a spinner while it loads, or why it did not, with a retry. */
export function ConsentText({ text, contactEmail }: ConsentTextProps) {
  if (text.isFetching) return <Spinner label="Loading the consent text..." />;
  if (text.isError) {
    const { error } = text;
    return (
      <Notice style="danger" title="The consent text could not be loaded.">
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <Button variant="secondary" onClick={() => void text.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  }
  if (!text.isSuccess) return <Spinner label="Loading the consent text..." />;
  return (
    <>
      <p className="consent-version">
        Consent version <strong className="consent-version__id">{text.data.versionId}</strong>
      </p>
      <ConsentDocument text={text.data.text} className="consent-text" />
      {contactEmail && (
        <p className="consent-contact">
          Research team: <a href={`mailto:${contactEmail}`}>
            <EmailAddress address={contactEmail} />
          </a>
        </p>
      )}
    </>
  );
}
