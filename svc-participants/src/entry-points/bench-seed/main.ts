// svc-participants' bench-seed command (bundled apart from the service, into bench/dist/bench-seed.js,
// which no image holds): makes the bench's burst participants members of the Open Humans stand-in
// with a live grant, through this service's own Open Humans client, and stores their documents in
// this service's database with its own repositories. Runs only with BENCH_SEED=allow; the plan
// comes on stdin or as a file (@study/contracts' benchSeedPlanSchema); --concurrency=N grants at
// once (default 4); prints one JSON line of what it stored, with each participant's member.
import { runBenchSeedCommand } from '@study/service-kit';
import { participantsBenchSeed } from './seed-participants';

runBenchSeedCommand(participantsBenchSeed(process.env));
