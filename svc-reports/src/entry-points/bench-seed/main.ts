// svc-reports' bench-seed command (bundled apart from the service, into bench/dist/bench-seed.js,
// which no image holds): stores the bench's burst participants' report documents in this service's
// database. Runs only with BENCH_SEED=allow; the plan comes on stdin or as a file (@study/contracts'
// benchSeedPlanSchema); prints one JSON line of what it stored.
import { runBenchSeedCommand } from '@study/service-kit';
import { reportsBenchSeed } from './seed-reports';

runBenchSeedCommand(reportsBenchSeed(process.env));
