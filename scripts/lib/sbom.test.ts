import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkCycloneDx, productionOnly } from './sbom';

const component = (name: string): object => ({ type: 'library', name, version: '1.0.0' });

describe('checkCycloneDx', () => {
  it('answers the spec version and the number of components', () => {
    expect(checkCycloneDx(JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [component('a'), component('b')] }))).toEqual({ specVersion: '1.5', components: 2 });
  });

  it.each([
    ['not JSON', '{"bomFormat":', /^the SBOM is not JSON: /],
    ['an array', '[]', /^the SBOM is not a JSON object$/],
    ['SPDX', JSON.stringify({ spdxVersion: 'SPDX-2.3', packages: [] }), /^the SBOM's bomFormat is undefined, not "CycloneDX"$/],
    ['without a spec version', JSON.stringify({ bomFormat: 'CycloneDX', components: [component('a')] }), /^the SBOM has no specVersion$/],
    ['without components', JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [] }), /^the SBOM lists no components$/],
    ['with a component without a version', JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', components: [component('a'), { name: 'b' }] }), /^1 of the SBOM's components have no name or version$/],
  ])('refuses %s', (_what, text, message) => {
    expect(() => checkCycloneDx(text)).toThrow(message);
  });
});

describe('productionOnly', () => {
  const dev = (name: string): object => ({ ...component(name), 'bom-ref': `${name}@1.0.0`, properties: [{ name: 'cdx:npm:package:development', value: 'true' }] });
  const prod = (name: string): object => ({ ...component(name), 'bom-ref': `${name}@1.0.0`, properties: [{ name: 'cdx:npm:package:private', value: 'true' }] });

  it('drops the components npm marks as for development only, and the links to them', () => {
    const bom = {
      bomFormat: 'CycloneDX',
      components: [prod('app'), prod('mongodb'), dev('jest')],
      dependencies: [
        { ref: 'app@1.0.0', dependsOn: ['mongodb@1.0.0', 'jest@1.0.0'] },
        { ref: 'jest@1.0.0', dependsOn: ['mongodb@1.0.0'] },
      ],
    };
    expect(productionOnly(bom)).toEqual({ bomFormat: 'CycloneDX', components: [prod('app'), prod('mongodb')], dependencies: [{ ref: 'app@1.0.0', dependsOn: ['mongodb@1.0.0'] }] });
  });
});

describe('npm run sbom', () => {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sbom-')), 'sbom.cdx.json');
  afterAll(() => fs.rmSync(path.dirname(out), { recursive: true, force: true }));

  it('writes the production dependencies as CycloneDX JSON with components, and says where', () => {
    const root = path.resolve(__dirname, '..', '..');
    const res = spawnSync(process.execPath, [path.join(root, 'scripts', 'run.mjs'), 'scripts/sbom.ts', '--out', out], { cwd: root, encoding: 'utf8' });
    expect({ status: res.status, stderr: res.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
    const bom = JSON.parse(fs.readFileSync(out, 'utf8')) as { bomFormat: string; components: { name: string; scope?: string }[] };
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(res.stdout).toMatch(new RegExp(`^\\[sbom\\] CycloneDX 1\\.\\d+ SBOM of the production dependencies, ${bom.components.length} components: .*sbom\\.cdx\\.json\\n$`));
    const names = bom.components.map((c) => c.name);
    // What the services and frontends ship, also those some workspace lists as a devDependency
    // too (which `npm sbom --omit dev` leaves out), and none of the development tools.
    expect(names).toEqual(expect.arrayContaining(['express', 'mongodb', 'redis', 'amqplib', 'zod', 'react']));
    expect(names).not.toContain('jest');
    expect(names).not.toContain('typescript');
  }, 120_000);
});
