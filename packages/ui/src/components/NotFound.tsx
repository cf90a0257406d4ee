import { Link } from 'react-router-dom';
import { Page } from './Page';

/** Shown for any address nobody owns: by the shell, and by a remote for paths under its prefix. */
export function NotFound() {
  return (
    <Page title="Not Found" lead="We could not find the page you asked for.">
      <p>
        The address may be mistyped, or the page may have moved. <Link to="/">Go to the home page</Link>.
      </p>
    </Page>
  );
}
