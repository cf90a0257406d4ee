import { CONSENT_REMOTE } from '@study/navigation';
import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { QueryProvider } from '@study/query-provider';
import { ConsentPage } from './features/consent';
import { HowItWorksPage } from './features/how-it-works';
import { ReturnPage } from './features/return';

const { pages } = CONSENT_REMOTE;

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses (@study/navigation's table, which the gateway and the shell route by).
 */
export default function ConsentRoutes() {
  return (
    <QueryProvider>
      <Routes>
        <Route path={pages.consent} element={<ConsentPage />} />
        <Route path={pages.return} element={<ReturnPage />} />
        <Route path={pages.howItWorks} element={<HowItWorksPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryProvider>
  );
}
