import { escapeHtml } from '@study/service-kit';
import { renderPage } from './html';

/** The page shown when an authorization request cannot be honoured (nothing is redirected). */
export function renderAuthorizeErrorPage(reason: string): string {
  return renderPage(
    'Authorization error',
    `<h1>Authorization error</h1>
<p class="error" role="alert" id="error-reason">${escapeHtml(reason)}</p>
<p class="hint">The project's authorization link is not valid, so you were not sent back to it.</p>`,
  );
}
