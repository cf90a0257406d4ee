// `npm run sbom`: the CycloneDX SBOM of the production dependencies (npm sbom, development-only packages dropped), checked
// (JSON, CycloneDX, components with names and versions) and written to .sbom/sbom.cdx.json, or to
// the file given with --out.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root } from './lib/repo-root';
import { SBOM_FILE, writeSbom } from './lib/sbom';

try {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const file = path.resolve(root, values.out ?? SBOM_FILE);
  const { specVersion, components } = writeSbom(root, file);
  console.log(`[sbom] CycloneDX ${specVersion} SBOM of the production dependencies, ${components} components: ${path.relative(process.cwd(), file)}`);
} catch (err) {
  console.error(`[sbom] ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
