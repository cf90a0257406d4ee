import type { ProcessGroup } from './procs';
import { cpuUsPerRequest, proxyTargets, type ProxyBenchStack } from './proxy';

const groupNamed = (name: string): ProcessGroup => ({ name, pids: () => [] });

describe('cpuUsPerRequest', () => {
  it("shares each group's CPU milliseconds over the run's requests, in microseconds", () => {
    expect(cpuUsPerRequest({ gateway: 500, 'svc-participants': 1500 }, 10_000)).toEqual({ gateway: 50, 'svc-participants': 150 });
  });

  it('has no figure when the run answered no request', () => {
    expect(cpuUsPerRequest({ gateway: 20 }, 0)).toEqual({ gateway: undefined });
  });
});

describe('proxyTargets', () => {
  const stack: ProxyBenchStack = {
    url: 'http://127.0.0.1:8080',
    services: [
      { name: 'scoring', port: 4102 },
      { name: 'participants', port: 4101 },
    ],
    groups: ['gateway', 'svc-participants', 'svc-scoring', 'ferretdb', 'postgres (backends)'].map(groupNamed),
  };

  it('the gateway and svc-participants directly, each costing the processes on the way of the call', () => {
    const targets = proxyTargets(stack, undefined);
    expect(targets.map((t) => [t.name, t.base])).toEqual([
      ['gateway', 'http://127.0.0.1:8080'],
      ['direct', 'http://127.0.0.1:4101'],
    ]);
    for (const target of targets) expect(target.groups.map((g) => g.name)).toEqual(['gateway', 'svc-participants', 'ferretdb', 'postgres (backends)']);
  });

  it("nginx when one runs, its own processes counted besides", () => {
    const targets = proxyTargets(stack, { url: 'http://127.0.0.1:9000', groups: [groupNamed('nginx')] });
    const nginx = targets.find((t) => t.name === 'nginx');
    expect(nginx?.base).toBe('http://127.0.0.1:9000');
    expect(nginx?.groups.map((g) => g.name)).toEqual(['gateway', 'svc-participants', 'ferretdb', 'postgres (backends)', 'nginx']);
    expect(targets.find((t) => t.name === 'gateway')?.groups.map((g) => g.name)).not.toContain('nginx');
  });

  it('refuses a stack without svc-participants', () => {
    expect(() => proxyTargets({ ...stack, services: [] }, undefined)).toThrow('no participants service');
  });
});
