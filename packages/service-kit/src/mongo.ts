import { MongoClient, type Db } from 'mongodb';

export interface MongoConnection {
  client: MongoClient;
  db: Db;
  /** True when the server answers a ping. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface MongoOptions {
  appName?: string;
  /** How long to look for a server before an operation (and the first connect) fails. */
  serverSelectionTimeoutMS?: number;
  /** Emit the driver's command events (countDatabaseCommands reads them). */
  monitorCommands?: boolean;
  /** The most commands in flight at once; more wait in the driver's queue. */
  maxPoolSize?: number;
}

/** Connects and verifies the server answers before returning, so a bad URL fails at start. */
export async function connectMongo(url: string, dbName: string, options: MongoOptions = {}): Promise<MongoConnection> {
  const client = new MongoClient(url, {
    appName: options.appName,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
    monitorCommands: options.monitorCommands ?? false,
    ...(options.maxPoolSize ? { maxPoolSize: options.maxPoolSize } : {}),
  });
  try {
    await client.connect();
    const db = client.db(dbName);
    await db.command({ ping: 1 });
    return {
      client,
      db,
      ping: async () => {
        const answer = await db.command({ ping: 1 });
        return answer.ok === 1;
      },
      close: () => client.close(),
    };
  } catch (err) {
    await client.close().catch(() => undefined);
    throw new Error(`Could not connect to MongoDB (database "${dbName}"): ${(err as Error).message}`, { cause: err });
  }
}
