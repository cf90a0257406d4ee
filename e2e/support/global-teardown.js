// Stops the test stack and removes what it declared on the shared broker.
const fs = require('node:fs');
const path = require('node:path');
const amqp = require('amqplib');

const RETRY_DELAYS_MS = [1_000, 5_000, 15_000, 60_000];

async function removeBrokerObjects({ exchange, queuePrefix }) {
  const connection = await amqp.connect(process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672');
  try {
    const channel = await connection.createChannel();
    for (const service of ['participants', 'scoring', 'reports']) {
      const queue = `${queuePrefix}svc-${service}`;
      for (const name of [queue, `${queue}.dlq`, ...RETRY_DELAYS_MS.map((ms) => `${queue}.retry.${ms}ms`)]) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(exchange);
    await channel.deleteExchange(`${exchange}.dlx`);
  } finally {
    await connection.close();
  }
}

module.exports = async function globalTeardown() {
  const e2e = globalThis.__E2E__;
  if (!e2e) return;
  await new Promise((resolve) => e2e.control.close(resolve));
  await e2e.stack.stop();
  await removeBrokerObjects(e2e.broker);
  // Logs stay in .test-artifacts for a failed run to be read; the database copy goes.
  fs.rmSync(path.join(e2e.runDir, 'ferretdb'), { recursive: true, force: true });
};
