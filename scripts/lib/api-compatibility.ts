// The API compatibility check `npm test` runs beside the contract test: oasdiff compares the
// published OpenAPI document (packages/contracts/openapi.published.json) with the one the route
// definitions make now (packages/contracts/openapi.json, kept current by a unit test) and fails
// on any breaking change. A change that passes is published with `npm run contracts:snapshot`.
import { currentOpenApi, ensureOasdiffInstalled, publishedOpenApi } from './oasdiff';

/** Runs one named command to its end; throws when it fails (test-steps' step, bound to the repository). */
export type RunStep = (name: string, cmd: string, args: readonly string[]) => void;

export function checkApiCompatibility(step: RunStep, say: (msg: string) => void): void {
  const oasdiff = ensureOasdiffInstalled(say);
  step('API compatibility (oasdiff breaking, published -> current)', oasdiff, ['breaking', publishedOpenApi, currentOpenApi, '--fail-on', 'ERR']);
}
