// `npm run contracts:generate`: writes the documents made from the contracts
// (packages/contracts/src/generate/generate.ts): packages/contracts/openapi.json,
// packages/contracts/asyncapi.json and the event map in README.md.
import { generateDocuments } from '@study/contracts/src/generate/generate';
import { root } from '../lib/repo-root';

for (const { file, written } of generateDocuments(root)) console.info(`${file}: ${written ? 'written; commit it' : 'unchanged'}`);
