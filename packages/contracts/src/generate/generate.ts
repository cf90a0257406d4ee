import fs from 'node:fs';
import path from 'node:path';
import { ASYNCAPI_FILE, asyncApiText } from './asyncapi';
import { EVENT_MAP_FILE, withEventMap } from './event-map';
import { stableJson } from '../json-schema/stable-json';
import { openApiDocument } from '../openapi/openapi-document';

/** The OpenAPI document, from the repository root; the gateway serves it at /api/docs/openapi.json. */
export const OPENAPI_FILE = 'packages/contracts/openapi.json';

/** The command that writes every generated document (scripts/contracts/generate.ts). */
export const GENERATE_COMMAND = 'npm run contracts:generate';

/** A generated document: its path from the repository root and its text. */
export interface GeneratedFile {
  file: string;
  text: string;
}

export interface WriteOutcome {
  file: string;
  written: boolean;
}

/** packages/contracts/asyncapi.json as the event definitions make it. */
export function asyncApiFile(): GeneratedFile {
  return { file: ASYNCAPI_FILE, text: asyncApiText() };
}

/** README.md with the event map the definitions make between its markers, the rest as it is. */
export function eventMapFile(repoRoot: string): GeneratedFile {
  return { file: EVENT_MAP_FILE, text: withEventMap(fs.readFileSync(path.join(repoRoot, EVENT_MAP_FILE), 'utf8')) };
}

/** packages/contracts/openapi.json as the route definitions make it. */
export function openApiFile(): GeneratedFile {
  return { file: OPENAPI_FILE, text: stableJson(openApiDocument()) };
}

// Untouched when unchanged, so the command leaves no needless modification times behind.
function write(repoRoot: string, { file, text }: GeneratedFile): WriteOutcome {
  const target = path.join(repoRoot, file);
  if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) return { file, written: false };
  fs.writeFileSync(target, text);
  return { file, written: true };
}

export function writeAsyncApi(repoRoot: string): WriteOutcome {
  return write(repoRoot, asyncApiFile());
}

export function writeEventMap(repoRoot: string): WriteOutcome {
  return write(repoRoot, eventMapFile(repoRoot));
}

export function writeOpenApi(repoRoot: string): WriteOutcome {
  return write(repoRoot, openApiFile());
}

/** Every generated document, each by its own writer: `npm run contracts:generate`. */
export function generateDocuments(repoRoot: string): WriteOutcome[] {
  return [writeOpenApi(repoRoot), writeAsyncApi(repoRoot), writeEventMap(repoRoot)];
}
