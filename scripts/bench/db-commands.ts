// Database commands the whole stack sent, by command name, counted by the database itself:
// FerretDB's /debug/metrics (ferretdb_client_requests_total), or MongoDB's serverStatus when the
// stack runs on MONGO_URL. Sampled before and after a run, the difference is what the run cost.

// What drivers send to watch and open connections, not to do the study's work.
const UPKEEP = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'buildInfo', 'buildinfo', 'endSessions', 'saslStart', 'saslContinue', 'serverStatus', 'getParameter', 'getFreeMonitoringStatus', 'getLog']);

/** Parses Prometheus text: `ferretdb_client_requests_total{command="find",opcode="OP_MSG"} 12`. */
export function parseFerretRequests(text) {
  const counts = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('ferretdb_client_requests_total{')) continue;
    const command = /command="([^"]*)"/.exec(line)?.[1];
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (!command || !Number.isFinite(value) || UPKEEP.has(command)) continue;
    counts[command] = (counts[command] ?? 0) + value;
  }
  return counts;
}

async function mongoCounts(mongo) {
  const status = await mongo.db('admin').command({ serverStatus: 1 });
  const counts = {};
  for (const [command, c] of Object.entries(status.metrics?.commands ?? {})) {
    if (typeof c?.total !== 'number' && typeof c?.total?.toNumber !== 'function') continue;
    if (UPKEEP.has(command)) continue;
    counts[command] = Number(c.total);
  }
  return counts;
}

/**
 * A counter for the stack (`databaseMetricsUrl` from FerretDB, else `mongo` on MONGO_URL);
 * `start()` answers `stop()`, which answers `{ total, byCommand }` sent in between.
 */
export function dbCommandCounter({ databaseMetricsUrl, mongo }) {
  const read = databaseMetricsUrl ? async () => parseFerretRequests(await (await fetch(databaseMetricsUrl)).text()) : () => mongoCounts(mongo);
  return {
    async start() {
      const before = await read();
      return {
        async stop() {
          const after = await read();
          const byCommand = {};
          for (const [command, n] of Object.entries(after)) {
            const spent = n - (before[command] ?? 0);
            if (spent > 0) byCommand[command] = spent;
          }
          return { total: Object.values(byCommand).reduce((a, b) => a + b, 0), byCommand };
        },
      };
    },
  };
}
