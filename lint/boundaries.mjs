// The import fences inside a deployable, as zones of import-x/no-restricted-paths. They are worked
// out from the folders on disk, so a new feature or service is fenced without editing the config.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** What puts a frontend together; it may import the features, the features may not import it. */
const COMPOSITION = ['app', 'main.tsx', 'routes.tsx'];
/** Test scaffolding: renders routes and features, and the features' tests use it. */
const TEST_SUPPORT = 'test-support';

function entriesIn(dir) {
  return existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name)) : [];
}

function foldersIn(dir) {
  return entriesIn(dir)
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** Every deployable at the top of the repository with a src/features folder (the shell and the remotes). */
export function frontendsIn(root) {
  return foldersIn(root).filter((name) => existsSync(path.join(root, name, 'src', 'features')));
}

/** Every deployable with a src/domain folder (the services). */
export function servicesIn(root) {
  return foldersIn(root).filter((name) => existsSync(path.join(root, name, 'src', 'domain')));
}

/**
 * Per frontend: no feature imports another (what two share lives in src/ or a package, as in
 * bulletproof-react), no feature imports what composes the app, and the shared code of src/
 * imports no feature.
 */
export function featureZones(root) {
  return frontendsIn(root).flatMap((app) => {
    const src = `${app}/src`;
    const features = `${src}/features`;
    const acrossFeatures = foldersIn(path.join(root, features)).map((feature) => ({
      target: `${features}/${feature}`,
      from: features,
      except: [`./${feature}`],
      message: `Features do not import each other: move what ${feature} shares with another feature to ${src}/ (api, components, hooks, lib) or to a package.`,
    }));
    const composition = COMPOSITION.map((entry) => `${src}/${entry}`);
    const shared = entriesIn(path.join(root, src))
      .map((entry) => entry.name)
      .filter((name) => name !== 'features' && name !== TEST_SUPPORT && !COMPOSITION.includes(name))
      .map((name) => `${src}/${name}`);
    return [
      ...acrossFeatures,
      { target: features, from: composition, message: `Features do not import what composes ${app} (${COMPOSITION.join(', ')}).` },
      ...(shared.length > 0
        ? [{ target: shared, from: features, message: `The shared code of ${src} imports no feature: features build on it, not the other way.` }]
        : []),
    ];
  });
}

/**
 * Per service: entry-points -> domain -> data-access. The domain calls data-access (through its
 * deps), so neither it nor data-access imports the entry points or what starts the service.
 * (That data-access names the domain's types only is a separate rule: this one cannot tell a type
 * import from a call.)
 */
export function layerZones(root) {
  return servicesIn(root).flatMap((service) => {
    const src = `${service}/src`;
    const above = [`${src}/entry-points`, `${src}/app.ts`, `${src}/main.ts`];
    return [
      { target: `${src}/domain`, from: above, message: 'domain/ is called by entry-points/ and does not call back: pass what it needs in through its deps.' },
      { target: `${src}/data-access`, from: above, message: 'data-access/ is called by domain/ and knows nothing of the entry points.' },
    ];
  });
}
