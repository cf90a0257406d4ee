// `npm run staff -- add <e-mail> <name> <role>`: adds a person to the study team of the local stack
// (npm start's), the first owner above all, and prints their one-time set-up code. It runs
// svc-participants' own staff command with the stack's database settings: MONGO_URL as given, else
// the embedded FerretDB (npm start must be running), the participants' database and the token key
// npm start keeps in .data/secrets.json (or TOKEN_ENCRYPTION_KEY as given). Where the service is
// deployed, run `node dist/staff.js add ...` in its container instead: it has the environment.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { EMBEDDED_DATABASE, SERVICES } from '@study/topology';
import { root } from './lib/repo-root';

const participants = SERVICES.find((service) => service.name === 'participants');
if (!participants) throw new Error('no participants service in the topology');

function tokenKey(): string | undefined {
  if (process.env.TOKEN_ENCRYPTION_KEY) return process.env.TOKEN_ENCRYPTION_KEY;
  const file = path.join(root, '.data', 'secrets.json');
  if (!fs.existsSync(file)) return undefined;
  const key = (JSON.parse(fs.readFileSync(file, 'utf8')) as { tokenEncryptionKey?: unknown }).tokenEncryptionKey;
  return typeof key === 'string' ? key : undefined;
}

const key = tokenKey();
if (!key) {
  console.error('[staff] no token key: start the stack once with npm start (it keeps one in .data/secrets.json), or set TOKEN_ENCRYPTION_KEY');
  process.exit(1);
}
const env = {
  ...process.env,
  MONGO_URL: process.env.MONGO_URL || `mongodb://127.0.0.1:${EMBEDDED_DATABASE.ferretPort}/`,
  MONGO_DB: process.env.MONGO_DB || participants.database,
  TOKEN_ENCRYPTION_KEY: key,
};
const command = path.join(root, participants.folder, 'src', 'entry-points', 'staff-command', 'main.ts');
const child = spawn(process.execPath, ['--import', 'tsx', command, ...process.argv.slice(2)], { cwd: root, env, stdio: 'inherit' });
child.once('exit', (code, signal) => {
  if (signal) console.error(`[staff] ended by ${signal}`);
  process.exit(code ?? 1);
});
