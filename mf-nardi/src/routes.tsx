import { NARDI_REMOTE } from '@study/navigation';
import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { QueryProvider } from '@study/query-provider';
import { NardiIntroPage } from './features/intro';
import { NardiReportPage } from './features/nardi-report';
import { PartOnePage } from './features/part-one';
import { PartFourPage, PartThreePage, PartTwoPage } from './features/snapshots';

const { pages } = NARDI_REMOTE;

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses (@study/navigation's table, which the gateway and the shell route by).
 */
export default function NardiRoutes() {
  return (
    <QueryProvider>
      <Routes>
        <Route path={pages.intro} element={<NardiIntroPage />} />
        <Route path={pages['part-one']} element={<PartOnePage />} />
        <Route path={pages['part-two']} element={<PartTwoPage />} />
        <Route path={pages['part-three']} element={<PartThreePage />} />
        <Route path={pages['part-four']} element={<PartFourPage />} />
        <Route path={pages.report} element={<NardiReportPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryProvider>
  );
}
