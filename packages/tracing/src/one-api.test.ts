import fs from 'node:fs';
import path from 'node:path';

// The SDK registers the tracer, propagator and context manager as globals of its API version; an
// API of a newer minor version reads none of them, so code resolving another copy (a package's
// nested one) traces nothing and puts no traceparent in events. One copy for the whole repository.
test('the lockfile holds one @opentelemetry/api, the version the SDK accepts', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', '..', 'package-lock.json'), 'utf8')) as { packages: Record<string, { version?: string; peerDependencies?: Record<string, string> }> };
  const copies = Object.keys(lock.packages).filter((key) => key.endsWith('node_modules/@opentelemetry/api'));
  expect(copies).toEqual(['node_modules/@opentelemetry/api']);
  const [major, minor] = (lock.packages['node_modules/@opentelemetry/api']?.version ?? '').split('.').map(Number);
  // sdk-trace-base's peer range, e.g. ">=1.0.0 <1.10.0".
  const peer = lock.packages['node_modules/@opentelemetry/sdk-trace-base']?.peerDependencies?.['@opentelemetry/api'] ?? '';
  const below = /<(\d+)\.(\d+)\.\d+/.exec(peer);
  expect(below).not.toBeNull();
  expect(major! < Number(below![1]) || (major === Number(below![1]) && minor! < Number(below![2]))).toBe(true);
});
