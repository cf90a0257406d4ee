// svc-participants' staff command (bundled into dist/staff.js beside the service): adds a person to
// the study team from the command line, with the service's own environment. `node dist/staff.js add
// <e-mail> <name> <role>` where the service runs; `npm run staff -- add ...` for the local stack.
import { staffCommand } from './staff-command';

staffCommand({ args: process.argv.slice(2), env: process.env, out: (line) => process.stdout.write(`${line}\n`), err: (line) => process.stderr.write(`${line}\n`) }).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`staff: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
