// Database commands the whole stack sent, by command name, counted by the database itself:
// FerretDB's /debug/metrics (ferretdb_client_requests_total), or MongoDB's serverStatus when the
// stack runs on MONGO_URL. Sampled before and after a run, the difference is what the run cost.

/** Commands by name. */
export type CommandCounts = Record<string, number>;

/** What was sent between start() and stop(): the total and each command's share. */
export interface CommandsSent {
  total: number;
  byCommand: CommandCounts;
}

export interface CommandCounting {
  stop(): Promise<CommandsSent>;
}

export interface DbCommandCounter {
  start(): Promise<CommandCounting>;
}

/** The part of a MongoClient the counter uses (admin's serverStatus). */
export interface AdminCommands {
  db(name: string): { command(command: Record<string, unknown>): Promise<unknown> };
}

export interface DbCommandCounterOptions {
  /** FerretDB's metrics (the stack's databaseMetricsUrl); without it, MongoDB's serverStatus through `mongo`. */
  databaseMetricsUrl?: string | undefined;
  mongo: AdminCommands;
}

// What drivers send to watch and open connections, not to do the study's work.
const UPKEEP = new Set(['hello', 'ismaster', 'isMaster', 'ping', 'buildInfo', 'buildinfo', 'endSessions', 'saslStart', 'saslContinue', 'serverStatus', 'getParameter', 'getFreeMonitoringStatus', 'getLog']);

/** Parses Prometheus text: `ferretdb_client_requests_total{command="find",opcode="OP_MSG"} 12`. */
export function parseFerretRequests(text: string): CommandCounts {
  const counts: CommandCounts = {};
  for (const line of text.split('\n')) {
    if (!line.startsWith('ferretdb_client_requests_total{')) continue;
    const command = /command="([^"]*)"/.exec(line)?.[1];
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (!command || !Number.isFinite(value) || UPKEEP.has(command)) continue;
    counts[command] = (counts[command] ?? 0) + value;
  }
  return counts;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Counts from a serverStatus answer: metrics.commands.<name>.total, a number or a BSON Long. */
export function parseServerStatusCommands(status: unknown): CommandCounts {
  const counts: CommandCounts = {};
  const metrics = isObject(status) ? status.metrics : undefined;
  const commands = isObject(metrics) && isObject(metrics.commands) ? metrics.commands : {};
  for (const [command, c] of Object.entries(commands)) {
    const total = isObject(c) ? c.total : undefined;
    if (typeof total !== 'number' && !(isObject(total) && typeof total.toNumber === 'function')) continue;
    if (UPKEEP.has(command)) continue;
    counts[command] = Number(total);
  }
  return counts;
}

async function mongoCounts(mongo: AdminCommands): Promise<CommandCounts> {
  return parseServerStatusCommands(await mongo.db('admin').command({ serverStatus: 1 }));
}

/** What each command was sent between two readings of the counts (those sent at least once). */
export function commandsSent(before: CommandCounts, after: CommandCounts): CommandsSent {
  const byCommand: CommandCounts = {};
  for (const [command, n] of Object.entries(after)) {
    const spent = n - (before[command] ?? 0);
    if (spent > 0) byCommand[command] = spent;
  }
  return { total: Object.values(byCommand).reduce((a, b) => a + b, 0), byCommand };
}

/**
 * A counter for the stack (`databaseMetricsUrl` from FerretDB, else `mongo` on MONGO_URL);
 * `start()` answers `stop()`, which answers `{ total, byCommand }` sent in between.
 */
export function dbCommandCounter({ databaseMetricsUrl, mongo }: DbCommandCounterOptions): DbCommandCounter {
  const read = databaseMetricsUrl ? async () => parseFerretRequests(await (await fetch(databaseMetricsUrl)).text()) : () => mongoCounts(mongo);
  return {
    async start() {
      const before = await read();
      return {
        async stop() {
          return commandsSent(before, await read());
        },
      };
    },
  };
}
