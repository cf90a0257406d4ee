// Shared by the component tests of the Nardi report: a fixed report, a store with or without a
// study ID, and the remote's routes with the report API of the test in place.
import { act, render } from '@testing-library/react';
import { ClientStoreProvider, createClientStore, type ClientStore } from '@study/client-state';
import { nardiReportSchema, type NardiReportView } from '@study/contracts';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { serveApi, type NardiReportApi } from './serve-api';
import NardiRoutes from '../routes';
import { PG_ID } from './nardi-fixtures';

/**
 * The report of the sample answers (packages/personality's fixture) for a participant who chose
 * NT, then NTJ, then INTJ; every number in it is one the page must show.
 */
export const REPORT: NardiReportView = nardiReportSchema.parse({
  pgId: PG_ID,
  status: 'completed',
  generatedAt: '2025-03-14T10:30:00.000Z',
  topTypes: [
    { code: 'INTJ', title: 'The Independent Designer', score: 19, outOf: 25, rank: 1 },
    { code: 'ENTJ', title: 'The Big-Picture Planner', score: 17, outOf: 25, rank: 2 },
    { code: 'INFJ', title: 'The Thoughtful Visionary', score: 16, outOf: 25, rank: 3 },
  ],
  dichotomies: [
    { label: 'E/I', left: { letter: 'E', score: 92, percent: 46 }, right: { letter: 'I', score: 108, percent: 54 }, outOf: 200 },
    { label: 'S/N', left: { letter: 'S', score: 84, percent: 42 }, right: { letter: 'N', score: 116, percent: 58 }, outOf: 200 },
    { label: 'T/F', left: { letter: 'T', score: 114, percent: 57 }, right: { letter: 'F', score: 86, percent: 43 }, outOf: 200 },
    { label: 'J/P', left: { letter: 'J', score: 110, percent: 55 }, right: { letter: 'P', score: 90, percent: 45 }, outOf: 200 },
  ],
  functionalPairs: [
    { code: 'NTJ', title: 'Strategic Theorist', score: 36, rank: 1, selected: true },
    { code: 'NFJ', title: 'Insightful Catalyst', score: 30, rank: 2, selected: false },
  ],
  temperaments: [
    { code: 'NT', title: 'NT Theorist', score: 64, rank: 1 },
    { code: 'NF', title: 'NF Catalyst', score: 52, rank: 2 },
    { code: 'SJ', title: 'SJ Stabilizer', score: 44, rank: 3 },
    { code: 'SP', title: 'SP Improviser', score: 40, rank: 4 },
  ],
  interactionStyles: [
    { code: 'chartCourse', name: 'Chart-the-Course', score: 62, rank: 1 },
    { code: 'inCharge', name: 'In-Charge', score: 54, rank: 2 },
    { code: 'behindScenes', name: 'Behind-the-Scenes', score: 46, rank: 3 },
    { code: 'getGoing', name: 'Get-Things-Going', score: 38, rank: 4 },
  ],
  favourite: {
    typeCode: 'INTJ',
    typeName: 'The Independent Designer',
    temperamentCode: 'NT',
    temperament: 'NT Theorist',
    interactionStyleCode: 'chartCourse',
    interactionStyle: 'Chart-the-Course',
  },
  consistency: { score: 8, outOf: 10 },
});

/** A store that knows the study ID (or none, with `null`). */
export function storeWithStudyId(pgId: string | null = PG_ID): ClientStore {
  const store = createClientStore({ storage: null, events: null, persistDebounceMs: 0 });
  if (pgId !== null) store.setPgId(pgId);
  return store;
}

export type FakeReportApi = NardiReportApi & { fetchReport: jest.Mock };

export function fakeReportApi(answer: () => Promise<NardiReportView> = async () => REPORT): FakeReportApi {
  return { fetchReport: jest.fn(answer) };
}

function Where() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

/** Renders the remote's routes at /nardi-report (or `path`), with the store and report API given. */
export async function renderReport({ store, api, path = '/nardi-report' }: { store: ClientStore; api?: NardiReportApi; path?: string }) {
  const routes = (
    <MemoryRouter initialEntries={[path]}>
      <NardiRoutes />
      <Where />
    </MemoryRouter>
  );
  if (api) serveApi({ report: api });
  let result: ReturnType<typeof render> | undefined;
  await act(async () => {
    result = render(<ClientStoreProvider store={store}>{routes}</ClientStoreProvider>);
  });
  return result as ReturnType<typeof render>;
}
