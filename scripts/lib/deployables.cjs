// Every deployable of the system, by folder. CommonJS so that both the build scripts (ES
// modules) and jest's unit tests (CommonJS) can load it.
const DEPLOYABLES = [
  { dir: 'svc-participants', kind: 'service' },
  { dir: 'svc-scoring', kind: 'service' },
  { dir: 'svc-reports', kind: 'service' },
  { dir: 'gateway', kind: 'service' },
  { dir: 'shell', kind: 'frontend' },
  { dir: 'mf-consent', kind: 'frontend' },
  { dir: 'mf-dashboard', kind: 'frontend' },
  { dir: 'mf-nardi', kind: 'frontend' },
  { dir: 'mf-admin', kind: 'frontend' },
  { dir: 'standins/open-humans', kind: 'standin' },
  { dir: 'standins/typefinder', kind: 'standin' },
];

module.exports = { DEPLOYABLES };
