import '@study/ui/styles.css';
import './app/shell.css';
import { describeRemotes, initErrorReporting, reportUncaughtRenderError } from '@study/error-reporting';
import { REMOTES } from '@study/navigation';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, SHELL_PAGES } from './app/App';
import type { RemotesSource } from './features/remotes';
import { connectRemotes, fetchRemotesConfig, loadRemoteRoutes } from './federation';

// First, so that whatever fails from here on is reported (product.md section 9).
initErrorReporting({
  release: process.env.STUDY_RELEASE ?? '@study/shell@development',
  routePatterns: [...SHELL_PAGES, ...REMOTES.flatMap((remote) => Object.values(remote.pages))],
  pageUrl: window.location.href,
  currentPath: () => window.location.pathname,
});

const remotesSource: RemotesSource = {
  async fetchRemotes() {
    const remotes = await fetchRemotesConfig();
    connectRemotes(remotes);
    describeRemotes(remotes, window.location.href);
    return remotes;
  },
  loadRoutes: loadRemoteRoutes,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A render error no boundary caught (the remotes' areas have theirs) is reported before the page goes blank.
createRoot(container, { onUncaughtError: reportUncaughtRenderError }).render(
  <StrictMode>
    <BrowserRouter>
      <App remotesSource={remotesSource} />
    </BrowserRouter>
  </StrictMode>,
);
