import { Button, Notice } from '@study/ui';

export interface LoadFailedProps {
  message: string;
  onRetry: () => void;
}

/** The failure page (product.md section 8): the server's message, word for word. */
export function LoadFailed({ message, onRetry }: LoadFailedProps) {
  return (
    <section className="load-failed" aria-labelledby="load-failed-title">
      <h2 id="load-failed-title">Loading failed</h2>
      <p>Unfortunately we were not able to load your information at this time. Our system is reporting the following message:</p>
      <Notice style="danger">
        <p className="load-failed__message">{message}</p>
      </Notice>
      <div className="btn-row">
        <Button onClick={onRetry}>Try again</Button>
      </div>
    </section>
  );
}
