import { Button, Notice } from '@study/ui';

export interface FailureNoticeProps {
  title: string;
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}

/** A failure, announced at once (role="alert"), with what the server said and a way to try again. */
export function FailureNotice({ title, message, onRetry, retryLabel = 'Try again' }: FailureNoticeProps) {
  return (
    <Notice style="danger" title={title}>
      <p>{message}</p>
      <div className="btn-row">
        <Button variant="secondary" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    </Notice>
  );
}
