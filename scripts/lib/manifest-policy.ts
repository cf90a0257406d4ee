// What the manifests promise: the project's licence in LICENSE and in every package.json, and
// the exact versions renovate.json holds back matching what the manifests pin.
import fs from 'node:fs';
import path from 'node:path';
import { workspaceManifests } from './slice-sources.cjs';

export const LICENCE = 'Apache-2.0';

interface Manifest {
  license?: unknown;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
}

const readManifest = (file: string): Manifest => JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;

/** The root's and every workspace's package.json, by their path from the root. */
function manifests(root: string): { file: string; pkg: Manifest }[] {
  const files = ['package.json', ...workspaceManifests(root).map((m) => `${m.dir}/package.json`)];
  return files.map((file) => ({ file, pkg: readManifest(path.join(root, file)) }));
}

/** Each manifest without the project's licence, and a missing or other LICENSE file. */
export function licenceProblems(root: string): string[] {
  const problems: string[] = [];
  const licenceFile = path.join(root, 'LICENSE');
  if (!fs.existsSync(licenceFile)) problems.push('LICENSE is missing');
  else if (!/Apache License\s+Version 2\.0, January 2004/.test(fs.readFileSync(licenceFile, 'utf8'))) problems.push('LICENSE is not the Apache License 2.0');
  for (const { file, pkg } of manifests(root)) {
    if (pkg.license !== LICENCE) problems.push(`${file}: "license" is ${JSON.stringify(pkg.license ?? null)}, not "${LICENCE}"`);
  }
  return problems;
}

interface RenovateRule {
  matchPackageNames?: string[];
  allowedVersions?: string;
}

/**
 * renovate.json's rules that hold a package at one exact version (allowedVersions "x.y.z"), each
 * checked against the manifests: every place that names the package (overrides, dependencies)
 * must pin that same version, or the rule keeps a version the project no longer uses.
 */
export function renovatePinProblems(root: string): string[] {
  const config = JSON.parse(fs.readFileSync(path.join(root, 'renovate.json'), 'utf8')) as { packageRules?: RenovateRule[] };
  const all = manifests(root);
  const problems: string[] = [];
  for (const rule of config.packageRules ?? []) {
    if (!rule.allowedVersions || !/^\d+\.\d+\.\d+$/.test(rule.allowedVersions)) continue;
    for (const name of rule.matchPackageNames ?? []) {
      const specs = all.flatMap(({ file, pkg }) =>
        [pkg.overrides?.[name], pkg.dependencies?.[name], pkg.devDependencies?.[name]].filter((spec): spec is string => typeof spec === 'string').map((spec) => ({ file, spec })),
      );
      if (specs.length === 0) problems.push(`renovate.json holds ${name} at ${rule.allowedVersions}, which no package.json names`);
      for (const { file, spec } of specs) {
        if (spec !== rule.allowedVersions) problems.push(`${file}: ${name} is "${spec}", but renovate.json holds it at ${rule.allowedVersions}`);
      }
    }
  }
  return problems;
}
