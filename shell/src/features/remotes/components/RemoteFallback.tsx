import { Button, Notice } from '@study/ui';

export interface RemoteFallbackProps {
  onRetry: () => void;
}

/** Takes the place of a remote that could not be loaded; the header, footer and other pages still work. */
export function RemoteFallback({ onRetry }: RemoteFallbackProps) {
  return (
    <div className="page page--narrow remote-fallback">
      <Notice style="warning" title="This part of the site could not be loaded.">
        <p>It may be updating or your connection may have dropped. The rest of the site still works.</p>
        <Button onClick={onRetry}>Retry</Button>
      </Notice>
    </div>
  );
}
