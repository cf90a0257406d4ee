// Stops every stack the fault tests left running, then the private RabbitMQ node if one was started.
const fs = require('node:fs');
const path = require('node:path');

module.exports = async function faultLabTeardown() {
  const state = globalThis.__FAULT_LAB__;
  if (!state) return;
  const { lab, removeStack } = state;
  const closed = new Promise((resolve) => lab.server.close(resolve));
  // The tests ran in this process: their keep-alive connections would hold close() open.
  lab.server.closeAllConnections();
  await closed;
  for (const id of [...lab.stacks.keys()]) await removeStack(id).catch((err) => console.warn(`[faults] could not stop stack ${id}: ${err.message}`));
  await (lab.brokerStarting ?? Promise.resolve()).catch(() => undefined);
  if (lab.broker) {
    await lab.broker.stop();
    fs.rmSync(path.join(lab.runDir, 'rabbitmq', 'mnesia'), { recursive: true, force: true });
  }
};
