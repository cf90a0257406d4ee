import { useNow } from './use-now';

const FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'medium' };

/** Date and time of signing, ticking every second. */
export function ConsentClock() {
  const now = useNow(1000);
  return (
    <p className="consent-clock">
      <span className="consent-clock__label">Date and time:</span>{' '}
      <time dateTime={now.toISOString()}>{now.toLocaleString(undefined, FORMAT)}</time>
    </p>
  );
}
