import '@study/ui/styles.css';
import './app/shell.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import type { RemotesSource } from './features/remotes';
import { connectRemotes, fetchRemotesConfig, loadRemoteRoutes } from './federation';

const remotesSource: RemotesSource = {
  async fetchRemotes() {
    const remotes = await fetchRemotesConfig();
    connectRemotes(remotes);
    return remotes;
  },
  loadRoutes: loadRemoteRoutes,
};

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App remotesSource={remotesSource} />
    </BrowserRouter>
  </StrictMode>,
);
