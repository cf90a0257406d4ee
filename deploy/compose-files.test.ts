import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

// podman-compose 1.0.3, which proves the deployment here (npm run deploy:check), leaves a variable
// with an empty default (`${VAR:-}`) unexpanded: the service would get the text itself, which a
// secret's check may even accept. compose.local.yml must give each such setting again.
const read = (file: string) => parse(fs.readFileSync(path.join(__dirname, '..', file), 'utf8'), { merge: true }) as { services: Record<string, { environment?: Record<string, unknown> }> };

describe('the compose files', () => {
  it('give again, in compose.local.yml, every setting docker-compose.yml reads with an empty default', () => {
    const main = read('docker-compose.yml');
    const local = read('deploy/compose.local.yml');
    const missing: string[] = [];
    for (const [service, { environment = {} }] of Object.entries(main.services)) {
      for (const [name, value] of Object.entries(environment)) {
        if (typeof value !== 'string' || !/^\$\{[A-Z_]+:-\}$/.test(value)) continue;
        if (local.services[service]?.environment?.[name] === undefined) missing.push(`${service}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
