import { Route, Routes } from 'react-router-dom';
import { LandingPage } from '../features/landing';
import { Layout } from '../features/layout';
import { RemoteSwitch, useRemotes, type RemotesSource } from '../features/remotes';
import { AboutPage, PrivacyPage, TermsPage } from '../features/static-pages';

export interface AppProps {
  remotesSource: RemotesSource;
}

/**
 * The shell's own pages come first; every other address goes to the remote that owns it (by the
 * paths in /remotes.json), or to Not Found.
 */
export function App({ remotesSource }: AppProps) {
  const remotes = useRemotes(remotesSource);
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<LandingPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="*" element={<RemoteSwitch remotes={remotes} />} />
      </Route>
    </Routes>
  );
}
