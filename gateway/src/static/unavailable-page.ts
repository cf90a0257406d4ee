import { escapeHtml } from '@study/service-kit';

/**
 * What a browser shows when the shell's web server cannot be reached: a small page that
 * needs nothing else from this origin (no script, inline style only, which the CSP allows).
 */
export function shellUnavailablePage(requestId: string | undefined): string {
  const reference = requestId ? `<p class="ref">Reference: ${escapeHtml(requestId)}</p>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable - Personality Genetics Study</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#222;line-height:1.5}h1{font-size:1.5rem}.ref{color:#666;font-size:.875rem}</style>
</head>
<body>
<h1>The study site is temporarily unavailable</h1>
<p>We could not load the site just now. Please reload this page in a minute.</p>
${reference}
</body>
</html>
`;
}
