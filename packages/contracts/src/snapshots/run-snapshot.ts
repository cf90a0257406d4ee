import { describeBreakingChanges } from '../compatibility/breaking-changes';
import { contractDocuments } from '../json-schema/contract-documents';
import { readSnapshots, writeSnapshot } from './snapshot-files';
import { breakingChangeAdvice, planSnapshots } from './snapshot-plan';

/**
 * `npm run contracts:snapshot`: writes the JSON Schema of every contract under `dir`, except a
 * backward-incompatible one, which is refused with what breaks. Answers the exit code.
 */
export function runSnapshot(dir: string, log: (line: string) => void = console.log): number {
  const plan = planSnapshots(contractDocuments(), readSnapshots(dir));
  for (const write of plan.writes) {
    writeSnapshot(dir, write.file, write.text);
    log(`written (${write.why}): ${write.file}`);
  }
  for (const file of plan.orphans) {
    log(`kept: ${file}: no contract makes it any more (a retired event version or a removed route); it is deleted only by hand, deliberately.`);
  }
  for (const { document, changes } of plan.refusals) {
    log(`REFUSED: ${document.file} (${document.title}) is not backward compatible with its committed snapshot:`);
    log(describeBreakingChanges(changes));
    log(`  To change it, ${breakingChangeAdvice(document)}`);
  }
  log(`${plan.writes.length} written, ${plan.unchanged.length} unchanged, ${plan.refusals.length} refused, ${plan.orphans.length} kept without a contract.`);
  return plan.refusals.length > 0 ? 1 : 0;
}
