import { Button, Notice } from '@study/ui';
import type { LinkNotOpened } from '../link-study-id';

export interface LinkNotOpenedNoticeProps {
  outcome: LinkNotOpened;
  /** The study ID this browser holds, which was kept. */
  storedStudyId: string;
  /** Gives up the stored study ID for the link's (for a link's study ID the study may know). */
  onOpenInstead: () => void;
}

/** Above the dashboard after a link whose study ID was not opened: which one, and that the participant's own is kept. */
export function LinkNotOpenedNotice({ outcome, storedStudyId, onOpenInstead }: LinkNotOpenedNoticeProps) {
  const link = <code className="link-not-opened__id">{outcome.linkStudyId}</code>;
  const stored = <code className="link-not-opened__id">{storedStudyId}</code>;
  return (
    <div className="link-not-opened">
      <Notice style="warning" title={outcome.reason === 'unchecked' ? 'The study ID in the link could not be checked.' : 'The study ID in the link was not found.'}>
        {outcome.reason === 'unknown' && <p>The link you followed names the study ID {link}, which this study does not know.</p>}
        {outcome.reason === 'not-yours' && <p>The link you followed names the study ID {link}, which was not found for you in this browser.</p>}
        {outcome.reason === 'unchecked' && (
          <p>
            The link you followed names the study ID {link}. {outcome.message}
          </p>
        )}
        <p>Your own study ID, {stored}, is kept in this browser: this is your dashboard.</p>
        {outcome.reason !== 'unknown' && (
          <>
            <p>If the link&apos;s study ID is yours, you can open it instead; the study then asks you to confirm it&apos;s you with Open Humans.</p>
            <Button variant="secondary" onClick={onOpenInstead}>
              Open the link&apos;s study ID instead
            </Button>
          </>
        )}
      </Notice>
    </div>
  );
}
