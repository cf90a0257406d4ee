// `npm run deploy:env [-- --file <path>]`: the compose deployment's .env with every secret the
// study makes itself generated (the service keys, and the MongoDB, RabbitMQ and Redis passwords),
// starting from .env.example when there is no .env yet. A value already set is never changed; the
// file is written readable by its owner only. Prints which secrets it filled (never their values)
// and which settings are still empty for the study team to fill in.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { root } from '../lib/repo-root';
import { fillSecrets, generateSecrets, weakMasterKeyWarning } from './secrets';

function main(argv: readonly string[]): void {
  const given = argv[argv.indexOf('--file') + 1];
  const file = path.resolve(argv.includes('--file') && given ? given : path.join(root, '.env'));
  const existed = fs.existsSync(file);
  const text = existed ? fs.readFileSync(file, 'utf8') : fs.readFileSync(path.join(root, '.env.example'), 'utf8');
  const { text: filledText, filled } = fillSecrets(text, generateSecrets((bytes) => randomBytes(bytes).toString('hex')));
  fs.writeFileSync(file, filledText, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  console.log(`${existed ? 'Updated' : 'Created from .env.example:'} ${file}`);
  console.log(filled.length > 0 ? `Generated: ${filled.join(', ')}` : 'Every generated secret was already set; nothing changed.');
  const empty = filledText
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=\s*$/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
  const weakKey = weakMasterKeyWarning(filledText);
  if (weakKey) console.log(weakKey);
  if (empty.length > 0) console.log(`Still empty (fill in by hand where your deployment needs them; see the comments above each): ${empty.join(', ')}`);
  console.log('Keep this file as safe as the data: it holds the keys and the database, broker and cache passwords.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
