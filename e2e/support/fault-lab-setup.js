// The fault tests' laboratory: a small control server in jest's main process that starts a
// private stack per scenario (scripts/lib/stack.ts: its own FerretDB on a free port, its own
// databases, exchange and queues) and breaks it on request: kill or restart a service, add a
// second process of one, kill and restart the database, stop and start the broker. A stack that
// asks for a private broker gets a RabbitMQ node of its own (started once, on first use), so the
// broker other runs share is never stopped. Tests talk to it over HTTP (fault-lab.ts).
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
// The local stack's tooling is TypeScript (scripts/lib), loaded through tsx as `npm start` does
// (tsx's ESM entry: its CommonJS one cannot load the ESM tools).
const tsImport = async (file) => (await import('tsx/esm/api')).tsImport(file, require('node:url').pathToFileURL(__filename).href);
const amqp = require('amqplib');

const root = path.resolve(__dirname, '../..');
/** Everything the stack's consumers declare (as @study/event-bus names it), the tap included, for removal after the scenario. */
function brokerObjects(info, consumerTopology) {
  const queues = [info.tapQueue];
  for (const queue of Object.values(info.queues)) {
    const declared = info.retryDelaysMs ? consumerTopology(info.exchange, queue, info.retryDelaysMs) : consumerTopology(info.exchange, queue);
    queues.push(declared.queue, declared.deadLetterQueue, ...declared.retryQueues.map((retry) => retry.name));
  }
  return { queues, exchanges: [info.exchange, `${info.exchange}.dlx`] };
}

async function withChannel(url, fn) {
  const connection = await amqp.connect(url);
  try {
    const channel = await connection.createChannel();
    return await fn(channel);
  } finally {
    await connection.close().catch(() => undefined);
  }
}

module.exports = async function faultLabSetup() {
  const { startStack, ONE_ADDRESS_LIMITS } = await tsImport(path.join(root, 'scripts/lib/stack.ts'));
  const { freePort } = await tsImport(path.join(root, 'scripts/lib/local-services.ts'));
  const { ensureFerretInstalled } = await tsImport(path.join(root, 'scripts/lib/ferretdb.ts'));
  const { dropPgDatabase } = await tsImport(path.join(root, 'scripts/lib/postgres.ts'));
  const { startPrivateRabbitMq } = await tsImport(path.join(root, 'scripts/lib/rabbitmq-node.ts'));
  const { GATEWAY, SERVICES, STANDINS } = await tsImport('@study/topology');
  const { consumerTopology } = await tsImport('@study/event-bus');
  for (const dir of [...SERVICES.map((service) => service.folder), GATEWAY.folder, ...STANDINS.map((standin) => standin.folder)]) {
    if (!fs.existsSync(path.join(root, dir, 'dist', 'main.js'))) throw new Error(`${dir}/dist is missing: build first (npm run build)`);
  }
  if (!process.env.MONGO_URL) ensureFerretInstalled(() => {});

  const runDir = path.join(root, '.test-artifacts', `faults-${process.pid}`);
  fs.rmSync(runDir, { recursive: true, force: true });
  const lab = { runDir, stacks: new Map(), broker: null, brokerStarting: null, server: null, count: 0 };

  // The private node takes 15-30 s to boot: it starts now, in the background, while the scenarios on the shared broker run.
  const privateBroker = async () => {
    if (lab.broker) return lab.broker;
    lab.brokerStarting ??= startPrivateRabbitMq({ dir: path.join(runDir, 'rabbitmq'), name: `faults${process.pid}` }).then((node) => (lab.broker = node));
    return lab.brokerStarting;
  };

  const createStack = async ({ name, privateBroker: wantsBroker = false, env = {} }) => {
    lab.count += 1;
    const id = `${String(name).replace(/[^a-z0-9]/gi, '').slice(0, 20)}${lab.count}`;
    const suffix = `fault_${process.pid}_${id}_${Date.now().toString(36)}`;
    const amqpUrl = wantsBroker ? (await privateBroker()).url : process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672';
    const stackDir = path.join(runDir, id);
    const exchange = `study.events.${suffix}`;
    const queuePrefix = `${suffix}.`;
    const retryDelaysMs = env.EVENTS_RETRY_DELAYS_MS ? env.EVENTS_RETRY_DELAYS_MS.split(',').map(Number) : undefined;
    const info = {
      id,
      amqpUrl,
      privateBroker: wantsBroker,
      exchange,
      queuePrefix,
      dbPrefix: `${suffix}_`,
      queues: Object.fromEntries(SERVICES.map((s) => [s.name, `${queuePrefix}${s.queue}`])),
      databases: Object.fromEntries(SERVICES.map((s) => [s.name, `${suffix}_${s.database}`])),
      tapQueue: `${queuePrefix}tap`,
      retryDelaysMs,
      logDir: path.join(stackDir, 'logs'),
      // startStack keeps its generated secrets beside dataDir.
      secretsFile: path.join(stackDir, 'secrets.json'),
    };
    // The tap sees every event on the exchange from the start (a quorum queue like the services'
    // queues, so a broker restart keeps it and what it holds).
    await withChannel(amqpUrl, async (channel) => {
      await channel.assertExchange(exchange, 'topic', { durable: true });
      await channel.assertQueue(info.tapQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
      await channel.bindQueue(info.tapQueue, exchange, '#');
    });
    // The lab names the stack's PostgreSQL database (and drops it in removeStack), so that a
    // restart of the whole stack finds its data again.
    const pgDatabase = process.env.MONGO_URL ? undefined : `ferretdb_fault_${process.pid}_${lab.count}_${Date.now().toString(36)}`;
    const options = {
      root,
      freePorts: true,
      pgDatabase,
      dataDir: path.join(stackDir, 'ferretdb'),
      logDir: info.logDir,
      log: () => {},
      queuePrefix,
      dbPrefix: info.dbPrefix,
      amqpUrl,
      // A busy machine can take long to start a process; the scenarios' faults are timed from the burst, not from here.
      readyTimeoutMs: 120_000,
      env: { EVENTS_EXCHANGE: exchange, LOG_LEVEL: 'info', ...ONE_ADDRESS_LIMITS, ...env },
    };
    const entry = { info, stackDir, options, pgDatabase };
    lab.stacks.set(id, entry);
    await launchStack(entry);
    return info;
  };

  /** Starts (or starts again) every part of a stack on its data; new ports each time. */
  const launchStack = async (entry) => {
    const stack = await startStack({ ...entry.options, port: await freePort() });
    entry.stack = stack;
    Object.assign(entry.info, {
      url: stack.url,
      mongoUrl: stack.mongoUrl,
      openHumansUrl: stack.openHumans.url,
      typeFinderWidgetUrl: stack.typeFinder.widgetUrl,
      services: stack.services.map((s) => ({ name: s.name, port: s.port })),
    });
    return entry.info;
  };

  const removeStack = async (id) => {
    const entry = lab.stacks.get(id);
    if (!entry) return;
    lab.stacks.delete(id);
    await entry.stack?.stop();
    if (entry.pgDatabase) await dropPgDatabase(entry.pgDatabase);
    const { info } = entry;
    if (!info.privateBroker || lab.broker?.isRunning()) {
      const objects = brokerObjects(info, consumerTopology);
      await withChannel(info.amqpUrl, async (channel) => {
        for (const queue of objects.queues) await channel.deleteQueue(queue);
        for (const exchange of objects.exchanges) await channel.deleteExchange(exchange);
      }).catch(() => undefined);
    }
    if (process.env.MONGO_URL) {
      const { MongoClient } = require('mongodb');
      const client = await MongoClient.connect(process.env.MONGO_URL);
      for (const db of Object.values(info.databases)) await client.db(db).dropDatabase();
      await client.close();
    }
    // Logs stay for a failed run to be read; the database copy goes.
    fs.rmSync(path.join(entry.stackDir, 'ferretdb'), { recursive: true, force: true });
  };

  const act = async (id, target, name, action) => {
    const entry = lab.stacks.get(id);
    if (!entry) throw new Error(`no stack ${id}`);
    const { stack, info } = entry;
    if (target === 'stack' && action === 'restart') {
      // As `npm start` stopped and started again: every process anew, reading secrets.json again.
      await stack.stop();
      entry.stack = undefined;
      return launchStack(entry);
    }
    if (target === 'services') {
      if (action === 'kill') return stack.stopService(name, 'SIGKILL');
      if (action === 'stop') return stack.stopService(name);
      if (action === 'start') return stack.startService(name);
      if (action === 'instance') return stack.startServiceInstance(name);
    } else if (target === 'database') {
      if (action === 'kill') return stack.stopDatabase('SIGKILL');
      if (action === 'stop') return stack.stopDatabase();
      if (action === 'start') return stack.startDatabase();
    } else if (target === 'broker') {
      if (!info.privateBroker) throw new Error('this stack shares the broker: it may not be stopped');
      if (action === 'stop') return lab.broker.stop();
      if (action === 'kill') return lab.broker.stop('SIGKILL');
      if (action === 'start') return lab.broker.start();
    }
    throw new Error(`unknown action ${target}/${name}/${action}`);
  };

  lab.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      try {
        const parts = req.url.split('/').filter(Boolean);
        const input = body ? JSON.parse(body) : {};
        let answer;
        if (parts.length === 1 && parts[0] === 'stacks') answer = await createStack(input);
        else if (parts.length === 3 && parts[2] === 'remove') answer = await removeStack(parts[1]);
        else if (parts.length === 5) answer = await act(parts[1], parts[2], parts[3], parts[4]);
        else if (parts.length === 4) answer = await act(parts[1], parts[2], '', parts[3]);
        else throw new Error(`unknown control ${req.url}`);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer ?? null));
      } catch (err) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err.stack ?? err.message));
      }
    });
  });
  privateBroker().catch(() => undefined);
  const port = await freePort();
  await new Promise((resolve) => lab.server.listen(port, '127.0.0.1', resolve));
  globalThis.__FAULT_LAB__ = { lab, removeStack };
  process.env.FAULT_LAB_URL = `http://127.0.0.1:${port}`;
};
