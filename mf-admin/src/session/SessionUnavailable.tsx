import { Button, Notice } from '@study/ui';
import { useStaffSession } from './staff-session';

/** Who is signed in could not be read (the server busy or away): says so, with a way to ask again. */
export function SessionUnavailable({ message }: { message: string }) {
  const { refresh } = useStaffSession();
  return (
    <Notice style="danger" title="Could not check who is signed in.">
      <p>{message}</p>
      <Button variant="secondary" onClick={() => void refresh()}>
        Try again
      </Button>
    </Notice>
  );
}
