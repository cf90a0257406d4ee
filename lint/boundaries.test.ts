import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lintSnippets } from './snippet-linter';

const FENCE = 'import-x/no-restricted-paths';

// Snippets placed in real folders of the repository: the fences go by the importing file's path.
const SNIPPETS = {
  crossFeature: {
    file: 'mf-nardi/src/features/part-one/components/Probe.tsx',
    code: "import { NardiReportPage } from '../../nardi-report';\nexport const Probe = NardiReportPage;\n",
  },
  shellCrossFeature: {
    file: 'shell/src/features/landing/probe.ts',
    code: "import { NoticesArea } from '../notices';\nexport const probe = NoticesArea;\n",
  },
  ownFeatureAndShared: {
    file: 'mf-nardi/src/features/part-one/components/Probe.tsx',
    code: [
      "import { FailureNotice } from '../../../components/FailureNotice';",
      "import { saveToServer } from '../../../lib/save-to-server';",
      "import { NARDI_QUESTIONS } from '../nardi-questions';",
      'export const probe = [FailureNotice, saveToServer, NARDI_QUESTIONS];',
      '',
    ].join('\n'),
  },
  sharedImportsFeature: {
    file: 'mf-dashboard/src/lib/probe.ts',
    code: "import { MbtiPage } from '../features/mbti';\nexport const probe = MbtiPage;\n",
  },
  domainImportsEntryPoint: {
    file: 'svc-participants/src/domain/probe.ts',
    code: "import { mountSurveyRoutes } from '../entry-points/http/survey-routes';\nexport const probe = mountSurveyRoutes;\n",
  },
  domainCallsDataAccess: {
    file: 'svc-participants/src/domain/probe.ts',
    code: "import { participantLockKey } from '../data-access/participants-repository';\nexport const probe = participantLockKey;\n",
  },
  dataAccessNamesDomainType: {
    file: 'svc-participants/src/data-access/probe.ts',
    code: "import type { Participant } from '../domain/participant';\nexport const probe: Participant | null = null;\n",
  },
  dataAccessCallsDomain: {
    file: 'svc-participants/src/data-access/probe.ts',
    code: "import { participantView } from '../domain/participant';\nexport const probe = participantView;\n",
  },
  packageImportsDeployableByName: {
    file: 'packages/participant-client/src/probe.ts',
    code: "import { createOpenHumansStandin } from '@study/standin-open-humans';\nimport { loadConfig } from '@study/gateway';\nexport const probe = [createOpenHumansStandin, loadConfig];\n",
  },
  toolImportsServiceSource: {
    file: 'scripts/bench/probe.ts',
    code: "import { renderFinalReport } from '../../svc-reports/src/rendering/final-report-pdf';\nexport const probe = renderFinalReport;\n",
  },
  testStartsStandinByName: {
    file: 'svc-participants/src/probe.test.ts',
    code: "import { createOpenHumansStandin } from '@study/standin-open-humans';\nexport const probe = createOpenHumansStandin;\n",
  },
};

type Case = keyof typeof SNIPPETS;

describe('the import fences of eslint.config.mjs', () => {
  const errors = {} as Record<Case, string[]>;

  beforeAll(() => {
    Object.assign(errors, lintSnippets(SNIPPETS));
  }, 150_000);

  it('stops a feature importing another feature of its frontend', () => {
    expect(errors.crossFeature).toEqual([expect.stringContaining(`${FENCE}: Unexpected path "../../nardi-report" imported in restricted zone. Features do not import each other`)]);
  });

  it('fences every frontend, the shell included', () => {
    expect(errors.shellCrossFeature).toEqual([expect.stringContaining(FENCE)]);
  });

  it("lets a feature use its own files and its app's shared code", () => {
    expect(errors.ownFeatureAndShared).toEqual([]);
  });

  it("stops the app's shared code importing a feature", () => {
    expect(errors.sharedImportsFeature).toEqual([expect.stringContaining(`${FENCE}: Unexpected path "../features/mbti" imported in restricted zone. The shared code of mf-dashboard/src imports no feature`)]);
  });

  it("stops a service's domain importing its entry points", () => {
    expect(errors.domainImportsEntryPoint).toEqual([
      expect.stringContaining(`${FENCE}: Unexpected path "../entry-points/http/survey-routes" imported in restricted zone. domain/ is called by entry-points/`),
    ]);
  });

  it('lets the domain call data-access (entry-points -> domain -> data-access)', () => {
    expect(errors.domainCallsDataAccess).toEqual([]);
  });

  it('stops a package importing a deployable by its package name', () => {
    expect(errors.packageImportsDeployableByName).toEqual([
      expect.stringContaining('no-restricted-imports: \'@study/standin-open-humans\' import is restricted'),
      expect.stringContaining('no-restricted-imports: \'@study/gateway\' import is restricted'),
    ]);
  });

  it("stops a tool importing a service's source", () => {
    expect(errors.toolImportsServiceSource).toEqual([expect.stringContaining('never through its source')]);
  });

  it("lets a test start an outside party's stand-in by its package name", () => {
    expect(errors.testStartsStandinByName).toEqual([]);
  });

  it("lets data-access name the domain's types but not call the domain", () => {
    expect(errors.dataAccessNamesDomainType).toEqual([]);
    expect(errors.dataAccessCallsDomain).toEqual([expect.stringContaining('@typescript-eslint/no-restricted-imports')]);
  });
});

describe('the zones of lint/boundaries.mjs', () => {
  it('fence a feature folder as soon as it exists, with no change to the config', () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'boundaries-'));
    try {
      for (const feature of ['surveys', 'brand-new']) fs.mkdirSync(path.join(repo, 'mf-example', 'src', 'features', feature), { recursive: true });
      const script = `import { featureZones } from ${JSON.stringify(path.join(__dirname, 'boundaries.mjs'))}; console.log(JSON.stringify(featureZones(${JSON.stringify(repo)})));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const zones = JSON.parse(run.stdout) as { target: string | string[]; from: string | string[]; except?: string[] }[];
      expect(zones).toContainEqual(expect.objectContaining({ target: 'mf-example/src/features/brand-new', from: 'mf-example/src/features', except: ['./brand-new'] }));
      expect(zones).toContainEqual(expect.objectContaining({ target: 'mf-example/src/features/surveys', from: 'mf-example/src/features', except: ['./surveys'] }));
    } finally {
      fs.rmSync(repo, { recursive: true, force: true });
    }
  });
});
