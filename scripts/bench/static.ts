// Figure 2: the same static files (index.html and the largest JavaScript asset of the built
// frontends) from the gateway and from the reference nginx, under 64 connections.
import fs from 'node:fs';
import path from 'node:path';
import { group, processTree, type ProcessGroup } from './procs';
import { wrkWithCpu } from './proxy';
import type { WrkCpuResult } from './wrk';

const FRONTENDS = [
  { dir: 'shell', prefix: '/' },
  { dir: 'mf-consent', prefix: '/mf/consent/' },
  { dir: 'mf-dashboard', prefix: '/mf/dashboard/' },
  { dir: 'mf-nardi', prefix: '/mf/nardi/' },
  { dir: 'mf-admin', prefix: '/mf/admin/' },
];

/** A file figure 2 asks for. */
export interface StaticFile {
  name: string;
  urlPath: string;
  size: number;
}

/** Figure 2: each file from each server, keyed `${file.name}|${server}` (server: gateway, nginx). */
export interface StaticFigures {
  files: StaticFile[];
  /** The precompressed variants beside the largest JS asset ('.gz', '.br'): what nginx can serve. */
  precompressed: string[];
  results: Record<string, WrkCpuResult>;
}

/** A built JavaScript file: the URL path it is served at, its size and where it is on disk. */
export interface JsAsset {
  urlPath: string;
  size: number;
  file: string;
}

export interface StaticBenchOptions {
  root: string;
  /** The bench's stack: its gateway's URL and its processes. */
  stack: { url: string; groups: readonly ProcessGroup[] };
  /** The reference nginx (nginx.ts), when it is installed. */
  nginx?: { url: string; pid: number } | undefined;
  seconds: number;
  log: (line: string) => void;
}

/** The largest .js file of every built frontend, as its URL path. */
export function largestJsAsset(root: string): JsAsset | undefined {
  let best: JsAsset | undefined;
  for (const f of FRONTENDS) {
    const dist = path.join(root, f.dir, 'dist');
    if (!fs.existsSync(dist)) continue;
    for (const entry of fs.readdirSync(dist, { recursive: true })) {
      const name = String(entry);
      if (!name.endsWith('.js')) continue;
      const size = fs.statSync(path.join(dist, name)).size;
      if (!best || size > best.size) best = { urlPath: `${f.prefix}${name.split(path.sep).join('/')}`, size, file: path.join(dist, name) };
    }
  }
  return best;
}

export async function benchStatic({ root, stack, nginx, seconds, log }: StaticBenchOptions): Promise<StaticFigures> {
  const asset = largestJsAsset(root);
  const files: StaticFile[] = [
    { name: 'index.html', urlPath: '/', size: fs.statSync(path.join(root, 'shell', 'dist', 'index.html')).size },
    ...(asset ? [{ name: `largest JS (${asset.urlPath}, ${(asset.size / 1024).toFixed(0)} KB)`, urlPath: asset.urlPath, size: asset.size }] : []),
  ];
  const precompressed = asset ? ['.gz', '.br'].filter((ext) => fs.existsSync(`${asset.file}${ext}`)) : [];
  log(`  nginx serves ${precompressed.length ? precompressed.join(' and ') : 'the plain files (no .gz/.br beside them)'}`);
  const gatewayGroups = stack.groups.filter((g) => g.name === 'gateway');
  const nginxGroups = nginx ? [group('nginx', () => processTree(nginx.pid))] : [];
  const headers = { Accept: 'text/html,application/javascript,*/*', 'Accept-Encoding': 'gzip, deflate, br' };
  const out: StaticFigures = { files, precompressed, results: {} };
  for (const file of files) {
    for (const server of [
      { name: 'gateway', base: stack.url, groups: gatewayGroups },
      ...(nginx ? [{ name: 'nginx', base: nginx.url, groups: nginxGroups }] : []),
    ]) {
      log(`  GET ${file.urlPath} from ${server.name}: 64 connections, ${seconds} s...`);
      const result = await wrkWithCpu({ url: `${server.base}${file.urlPath}`, connections: 64, seconds, headers }, server.groups);
      if (result.non2xx > 0) log(`  ${server.name} ${file.urlPath}: ${result.non2xx} answers were not 2xx/3xx`);
      out.results[`${file.name}|${server.name}`] = result;
    }
  }
  return out;
}
