// Fault runs: the broker scenario last, so that the private RabbitMQ node (15-30 s to boot,
// started in the background by fault-lab-setup.js) boots while the other scenarios run.
const Sequencer = require('@jest/test-sequencer').default;

class FaultSequencer extends Sequencer {
  sort(tests) {
    const sorted = [...super.sort(tests)];
    const needsBroker = (test) => test.path.endsWith('broker-restart.fault.test.ts');
    return [...sorted.filter((t) => !needsBroker(t)), ...sorted.filter(needsBroker)];
  }
}

module.exports = FaultSequencer;
