// The software bill of materials of what ships: npm's CycloneDX SBOM of the production
// dependencies, checked before it is written.
//
// Not `npm sbom --omit dev` alone: in this workspace it leaves out production dependencies that
// some workspace also lists as a devDependency (mongodb, redis, amqplib, zod, react; npm/cli#7909,
// open in npm 11.19). npm's full SBOM marks each package that only development needs
// (`cdx:npm:package:development`, from npm's own dependency graph); those are dropped here, which
// is what `--omit dev` means.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Where `npm run sbom` writes it, from the repository root (git-ignored). */
export const SBOM_FILE = path.join('.sbom', 'sbom.cdx.json');

/** The command whose output is filtered: npm's CycloneDX SBOM of every installed package. */
export const NPM_SBOM_ARGS = ['sbom', '--sbom-format', 'cyclonedx'] as const;

const DEVELOPMENT = 'cdx:npm:package:development';

export interface SbomSummary {
  specVersion: string;
  /** How many components (packages) it lists. */
  components: number;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads a CycloneDX SBOM in JSON and answers what it holds; throws unless it lists components. */
export function checkCycloneDx(text: string): SbomSummary {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`the SBOM is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!isObject(parsed)) throw new Error('the SBOM is not a JSON object');
  if (parsed.bomFormat !== 'CycloneDX') throw new Error(`the SBOM's bomFormat is ${JSON.stringify(parsed.bomFormat)}, not "CycloneDX"`);
  if (typeof parsed.specVersion !== 'string') throw new Error('the SBOM has no specVersion');
  const { components } = parsed;
  if (!Array.isArray(components) || components.length === 0) throw new Error('the SBOM lists no components');
  const unnamed = components.filter((c: unknown) => !isObject(c) || typeof c.name !== 'string' || typeof c.version !== 'string');
  if (unnamed.length > 0) throw new Error(`${unnamed.length} of the SBOM's components have no name or version`);
  return { specVersion: parsed.specVersion, components: components.length };
}

const isDevelopment = (component: unknown): boolean =>
  isObject(component) && Array.isArray(component.properties) && component.properties.some((p: unknown) => isObject(p) && p.name === DEVELOPMENT && p.value === 'true');

/**
 * The SBOM without the components npm marks as needed for development only, and without the
 * dependency links to them.
 */
export function productionOnly(bom: Json): Json {
  if (!Array.isArray(bom.components)) return bom;
  const dropped = new Set(bom.components.filter(isDevelopment).map((c) => (c as Json)['bom-ref']));
  const dependencies = Array.isArray(bom.dependencies)
    ? bom.dependencies
        .filter((d: unknown) => !isObject(d) || !dropped.has(d.ref))
        .map((d: unknown) => (isObject(d) && Array.isArray(d.dependsOn) ? { ...d, dependsOn: d.dependsOn.filter((ref: unknown) => !dropped.has(ref)) } : d))
    : bom.dependencies;
  return { ...bom, components: bom.components.filter((c) => !isDevelopment(c)), dependencies };
}

/** Runs `npm sbom` in `root`, keeps the production part, checks it and writes it to `file`. */
export function writeSbom(root: string, file: string): SbomSummary {
  const res = spawnSync('npm', [...NPM_SBOM_ARGS], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] });
  if (res.error) throw res.error;
  if (res.status !== 0) throw new Error(`npm sbom failed (exit code ${res.status})`);
  const full = checkCycloneDx(res.stdout);
  const text = `${JSON.stringify(productionOnly(JSON.parse(res.stdout) as Json), null, 2)}\n`;
  const summary = checkCycloneDx(text);
  if (summary.components === full.components) throw new Error(`npm marked none of the ${full.components} packages as for development only`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return summary;
}
