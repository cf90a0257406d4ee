import { lintSnippets } from './snippet-linter';

const RULE = 'no-restricted-syntax';
const MESSAGE = 'use routes.<name> from @study/contracts through @study/api-client';

// Snippets placed in real folders of the repository: what the rule lets through goes by the file's path.
const SNIPPETS = {
  stringLiteral: {
    file: 'mf-dashboard/src/features/withdraw/api/probe.ts',
    code: "export const probe = () => fetch('/api/user/withdraw', { method: 'POST' });\n",
  },
  templateLiteral: {
    file: 'mf-dashboard/src/features/final-report/api/probe.ts',
    code: 'export const probe = (pgId: string) => `/api/user/report/${encodeURIComponent(pgId)}`;\n',
  },
  addressAfterOrigin: {
    file: 'e2e/support/probe.ts',
    code: 'export const probe = (origin: string) => fetch(`${origin}/api/settings`);\n',
  },
  routeFromContracts: {
    file: 'mf-dashboard/src/features/withdraw/api/probe.ts',
    code: "import { routes } from '@study/contracts';\nexport const probe = () => fetch(routes.user.path, { method: routes.user.method });\n",
  },
  openHumansApi: {
    file: 'svc-participants/src/data-access/open-humans/probe.ts',
    code: "export const PROBE_PATH = '/api/direct-sharing/project/members/';\n",
  },
  routeTable: {
    file: 'packages/contracts/src/probe.ts',
    code: "export const probe = { path: '/api/user' };\n",
  },
  tool: {
    file: 'scripts/bench/probe.ts',
    code: "export const probe = (origin: string) => fetch(`${origin}/api/user`, { method: 'POST' });\n",
  },
  testFile: {
    file: 'mf-dashboard/src/features/withdraw/api/probe.test.ts',
    code: "export const probe = '/api/user/withdraw';\n",
  },
};

type Case = keyof typeof SNIPPETS;

describe('no /api address written by hand (eslint.config.mjs)', () => {
  const errors = {} as Record<Case, string[]>;

  beforeAll(() => {
    Object.assign(errors, lintSnippets(SNIPPETS));
  }, 150_000);

  it('fails on a string literal starting with /api/', () => {
    expect(errors.stringLiteral).toEqual([expect.stringContaining(`${RULE}: `)]);
    expect(errors.stringLiteral[0]).toContain(MESSAGE);
  });

  it('fails on a template literal starting with /api/, or with /api/ after an origin', () => {
    expect(errors.templateLiteral).toEqual([expect.stringContaining(MESSAGE)]);
    expect(errors.addressAfterOrigin).toEqual([expect.stringContaining(MESSAGE)]);
  });

  it('fails on an address a tool under scripts/ writes by hand', () => {
    expect(errors.tool).toEqual([expect.stringContaining(MESSAGE)]);
  });

  it("passes a route's path from the route table", () => {
    expect(errors.routeFromContracts).toEqual([]);
  });

  it("lets Open Humans' own API, the route table itself and tests write their addresses", () => {
    expect(errors.openHumansApi).toEqual([]);
    expect(errors.routeTable).toEqual([]);
    expect(errors.testFile).toEqual([]);
  });
});
