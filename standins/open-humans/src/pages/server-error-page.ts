import type { Response } from 'express';
import { PAGE_CSP, renderPage } from './html';

/**
 * What the platform answers when a view raises: its handler500 (open_humans.views.server_error)
 * renders its own 500.html, an HTML page, whatever the caller asked for; DRF leaves such errors to Django.
 */
export function sendServerErrorPage(res: Response): void {
  res
    .status(500)
    .set('Content-Security-Policy', PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(
      renderPage(
        'Server error',
        `<h1>Server error</h1>
<p>Sorry, your request resulted in a server error. The error has been logged and we'll investigate it.</p>`,
      ),
    );
}
