import { escapeHtml } from '@study/service-kit';

/** Only inline styles, no scripts, no framing: the pages are plain forms. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f5f7f8; color: #222; }
  header { background: #2b3e50; color: #fff; padding: 12px 24px; }
  header small { opacity: .8; margin-left: 8px; }
  main { max-width: 640px; margin: 32px auto; background: #fff; padding: 24px 32px; border-radius: 6px; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  label { display: block; margin: 6px 0; }
  input[type=text] { font-size: 1rem; padding: 4px 6px; width: 12ch; }
  fieldset { border: 1px solid #ccc; margin: 16px 0; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  button { font-size: 1rem; padding: 8px 18px; border-radius: 4px; border: 1px solid #2b3e50; cursor: pointer; }
  #authorize { background: #2b8a3e; border-color: #2b8a3e; color: #fff; }
  #cancel { background: #fff; }
  .error { color: #a61e1e; }
  .hint { color: #555; font-size: .9rem; }
`;

/** A whole page; `body` must already be escaped HTML. */
export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Open Humans</title>
<style>${STYLE}</style>
</head>
<body>
<header><strong>Open Humans</strong><small>local stand-in for development and tests</small></header>
<main>
${body}
</main>
</body>
</html>
`;
}
