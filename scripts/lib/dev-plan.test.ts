import path from 'node:path';
import vm from 'node:vm';
import { DEV_PARTS, describeWatched, liveReloadScript, liveReloadUrl, parseDevArgs, RESTARTABLE_PROCESSES, stackProcessOf, watchedFolders } from './dev-plan';

describe('the parts', () => {
  it('are the five frontends and the three services and the gateway, each service with its process in the stack', () => {
    expect(DEV_PARTS.map((p) => p.dir).sort()).toEqual(['gateway', 'mf-admin', 'mf-consent', 'mf-dashboard', 'mf-nardi', 'shell', 'svc-participants', 'svc-reports', 'svc-scoring']);
    expect(DEV_PARTS.find((p) => p.dir === 'svc-scoring')).toEqual({ dir: 'svc-scoring', kind: 'service', process: 'scoring' });
    expect(DEV_PARTS.find((p) => p.dir === 'mf-nardi')).toEqual({ dir: 'mf-nardi', kind: 'frontend' });
    expect([...RESTARTABLE_PROCESSES].sort()).toEqual(['gateway', 'participants', 'reports', 'scoring']);
  });

  it('knows no process for a folder that is not a service', () => {
    expect(stackProcessOf('gateway')).toBe('gateway');
    expect(() => stackProcessOf('standins/typefinder')).toThrow('not a service of the stack');
  });
});

describe('parseDevArgs', () => {
  it('takes one part by its folder', () => {
    expect(parseDevArgs(['./mf-nardi/'])).toEqual({ dir: 'mf-nardi', kind: 'frontend' });
    expect(parseDevArgs(['gateway'])).toEqual({ dir: 'gateway', kind: 'service', process: 'gateway' });
  });

  it.each([
    [[], 'Name one part'],
    [['mf-nardi', 'shell'], 'Name one part'],
    [['standins/open-humans'], 'standins/open-humans is not a part npm run dev works on'],
    [['packages/ui'], 'is not a part'],
    [['mf-nardi', '--poll'], 'Unknown option --poll'],
  ])('refuses %p, naming the parts', (argv, message) => {
    expect(() => parseDevArgs(argv)).toThrow(message);
    expect(() => parseDevArgs(argv)).toThrow('svc-participants');
  });
});

describe('watchedFolders', () => {
  const root = '/repo';
  it("counts a build's files by part and package, the part first, leaving out installed packages, folders and anything outside", () => {
    const files = [
      '/repo/packages/ui/src/index.ts',
      '/repo/mf-nardi/src/routes.tsx',
      '/repo/mf-nardi/src/features/part-one/PartOne.tsx',
      '/repo/packages/contracts/src/routes.ts',
      '/repo/packages/contracts/package.json',
      '/repo/node_modules/react/index.js',
      '/repo/packages/ui/node_modules/x/index.js',
      '/elsewhere/file.ts',
      '/repo/mf-nardi/package.json',
      '/repo/tsconfig.base.json',
      '/repo/packages',
      '/repo',
      '/',
    ];
    expect(watchedFolders(files, root, 'mf-nardi')).toEqual([
      { folder: 'mf-nardi', files: 3 },
      { folder: 'packages/contracts', files: 2 },
      { folder: 'packages/ui', files: 1 },
      { folder: 'tsconfig.base.json', files: 1 },
    ]);
  });

  it('reads paths relative to the root too (an esbuild metafile)', () => {
    expect(watchedFolders(['svc-scoring/src/main.ts', 'packages/service-kit/src/index.ts', 'node_modules/zod/index.js', '../outside.ts'], root, 'svc-scoring')).toEqual([
      { folder: 'svc-scoring', files: 1 },
      { folder: 'packages/service-kit', files: 1 },
    ]);
    expect(watchedFolders([path.join(root, 'gateway', 'src', 'main.ts')], root, 'gateway')).toEqual([{ folder: 'gateway', files: 1 }]);
  });

  it('says it in one line', () => {
    expect(describeWatched([{ folder: 'svc-scoring', files: 40 }, { folder: 'packages/personality', files: 1 }])).toBe('svc-scoring (40 files), packages/personality (1 file)');
    expect(describeWatched([])).toBe('nothing');
  });
});

describe('live reload', () => {
  it("polls the remote's manifest, or the shell's page", () => {
    expect(liveReloadUrl('mf-nardi')).toBe('/mf/nardi/mf-manifest.json');
    expect(liveReloadUrl('shell')).toBe('/');
    expect(() => liveReloadUrl('gateway')).toThrow('not a frontend');
  });

  it('reloads the page once what it polls has changed, once per page however many copies run', async () => {
    const answers = ['{"v":1}', '{"v":1}', '{"v":2}'];
    const fetched: string[] = [];
    let reloads = 0;
    let polls = 0;
    // Settled by the page's reload, or once the polls run out: no wait by the clock.
    let settle: () => void = () => undefined;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const window: Record<string, unknown> = {
      location: {
        reload: () => {
          reloads += 1;
          setImmediate(settle);
        },
      },
    };
    const context = vm.createContext({
      window,
      fetch: async (url: string) => {
        fetched.push(url);
        const text = answers.shift() ?? '{"v":2}';
        return { ok: true, text: async () => text };
      },
      // Five more polls at most, so the test ends.
      setTimeout: (fn: () => void) => {
        polls += 1;
        if (polls <= 5) setImmediate(fn);
        else settle();
      },
    });
    const script = liveReloadScript('/mf/nardi/mf-manifest.json', 5);
    vm.runInContext(script, context);
    vm.runInContext(script, context);
    await settled;
    expect(reloads).toBe(1);
    expect(fetched.slice(0, 3)).toEqual(['/mf/nardi/mf-manifest.json', '/mf/nardi/mf-manifest.json', '/mf/nardi/mf-manifest.json']);
    expect(window.__studyDevReload).toBe(true);
    // Nothing is polled once the page reloads.
    expect(fetched).toHaveLength(3);
  });
});
