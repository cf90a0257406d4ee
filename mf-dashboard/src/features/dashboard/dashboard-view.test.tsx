import type { UserView } from '@study/contracts';
import { dashboardView } from './dashboard-view';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const USER = { access: { pgId: PG_ID } } as UserView;

describe('dashboardView', () => {
  it.each([
    ['no study ID', { pgId: null, user: null, load: null }, { view: 'form', notFound: false }],
    ['a load ending in 404', { pgId: null, user: null, load: { status: 'failed', message: 'No participant with this study ID. (HTTP 404)' } }, { view: 'form', notFound: true }],
    ['a study ID, nothing loaded yet', { pgId: PG_ID, user: null, load: null }, { view: 'blank' }],
    ['loading', { pgId: PG_ID, user: USER, load: { status: 'loading', message: 'Loading user data...' } }, { view: 'loading' }],
    ['loaded', { pgId: PG_ID, user: USER, load: { status: 'loaded', message: 'User data loaded successfully' } }, { view: 'loaded' }],
    ['saving', { pgId: PG_ID, user: USER, load: { status: 'saving', message: 'Saving survey' } }, { view: 'loaded' }],
    ['saved', { pgId: PG_ID, user: USER, load: { status: 'saved', message: 'Survey saved successfully' } }, { view: 'loaded' }],
    ['loaded without data', { pgId: PG_ID, user: null, load: { status: 'loaded', message: '' } }, { view: 'blank' }],
    ['failed', { pgId: PG_ID, user: null, load: { status: 'failed', message: 'Boom (HTTP 500)' } }, { view: 'failed', message: 'Boom (HTTP 500)' }],
    ['save-failed', { pgId: PG_ID, user: USER, load: { status: 'save-failed', message: 'Disk full (HTTP 507)' } }, { view: 'failed', message: 'Disk full (HTTP 507)' }],
    ['a failure mentioning 404 in the middle', { pgId: PG_ID, user: null, load: { status: 'failed', message: 'Error 404 upstream (HTTP 502)' } }, { view: 'failed', message: 'Error 404 upstream (HTTP 502)' }],
    ['an unknown status', { pgId: PG_ID, user: USER, load: { status: 'teleporting', message: '' } }, { view: 'unknown' }],
  ])('%s', (_what, state, view) => {
    expect(dashboardView(state)).toEqual(view);
  });
});
