import { Button, Notice, Spinner } from '@study/ui';
import type { MbtiLoadState } from '../use-mbti-load';

/** The statistics download, one row per participant. */
export function StatisticsSection({ state }: { state: MbtiLoadState }) {
  const { stats, downloadStatistics } = state;
  return (
    <section className="admin-section card" aria-labelledby="statistics-title">
      <h2 id="statistics-title">Statistics</h2>
      <p className="admin-help">One row per participant: consent, dataReady, genotype, each survey&apos;s status and type, the Nardi consistency, the final type and the dates.</p>
      <Button variant="secondary" onClick={downloadStatistics} disabled={stats.state === 'starting'}>
        Download statistics
      </Button>
      {stats.state === 'starting' && <Spinner label="Preparing the download..." />}
      {stats.state === 'started' && <Notice style="success" title="The statistics download has started." />}
      {stats.state === 'failed' && (
        <Notice style="danger" title="The statistics could not be downloaded.">
          <p>{stats.message}</p>
        </Notice>
      )}
    </section>
  );
}
