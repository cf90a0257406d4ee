// Runs wrk against one URL and reads its summary: requests, req/s, latency percentiles,
// answers that were not 2xx/3xx, socket errors.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function toMs(text) {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!m) return undefined;
  const value = Number(m[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[m[2]];
}

export function parseWrk(out) {
  const latency = {};
  for (const m of out.matchAll(/^\s+(50|75|90|99)(?:\.000)?%\s+(\S+)/gm)) latency[`p${m[1]}`] = toMs(m[2]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(out)?.[1];
  const readBytes = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
  const bytes = readBytes ? Number(readBytes[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[readBytes[2]] : undefined;
  return { requests, rps, p50: latency.p50, p75: latency.p75, p90: latency.p90, p99: latency.p99, non2xx, errors, bytesPerRequest: bytes && requests ? bytes / requests : undefined };
}

/** A wrk Lua script that POSTs JSON bodies, taking the next one of `bodies` on every request. */
export function postScript(dir, name, bodies, cookies) {
  const file = path.join(dir, `${name}.lua`);
  const list = bodies.map((b) => `[==[${b}]==]`).join(',\n');
  // With cookies (one per body): each call carries the session of the participant it names.
  const cookieList = cookies ? cookies.map((c) => `[==[${c}]==]`).join(',\n') : '';
  const headers = cookies ? '{ ["Content-Type"] = "application/json", ["Cookie"] = cookies[i] }' : 'nil';
  fs.writeFileSync(
    file,
    `local bodies = {\n${list}\n}\nlocal cookies = {\n${cookieList}\n}\nlocal i = 0\nwrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n` +
      `request = function()\n  i = i % #bodies + 1\n  return wrk.format(nil, nil, ${headers}, bodies[i])\nend\n`,
  );
  return file;
}

/**
 * wrk with `connections` connections (one thread per core, at most as many as connections) for
 * `seconds`; answers the parsed summary.
 */
export function runWrk({ url, connections, seconds, script, headers = {} }) {
  const threads = Math.max(1, Math.min(connections, 2));
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--latency', '--timeout', '10s'];
  if (script) args.push('-s', script);
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    execFile('wrk', args, { maxBuffer: 4 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`wrk failed: ${err.message}\n${stderr}`));
      else resolve({ ...parseWrk(stdout), raw: stdout });
    });
  });
}
