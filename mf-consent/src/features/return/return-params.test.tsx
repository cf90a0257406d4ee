import { AUTHORIZATION_STATE_KEY, MISSING_STATE_REASON, UNKNOWN_STATE_REASON } from '@study/client-state';
import { planReturn } from './return-params';

const STORED = 'ab'.repeat(16);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(AUTHORIZATION_STATE_KEY, STORED);
});

describe('planReturn', () => {
  it.each([
    [`code=c0de&state=${STORED}`, { action: 'exchange', code: 'c0de', state: STORED }],
    ['code=c0de', { action: 'fail', reason: MISSING_STATE_REASON }],
    ['code=c0de&state=', { action: 'fail', reason: MISSING_STATE_REASON }],
    [`code=c0de&state=${'cd'.repeat(16)}`, { action: 'fail', reason: UNKNOWN_STATE_REASON }],
    [`state=${STORED}`, { action: 'fail', reason: expect.stringContaining('no authorization code') }],
    [`error=access_denied&state=${STORED}`, { action: 'fail', reason: 'The authorization was cancelled on Open Humans, so no study ID was created.' }],
    ['error=server_error&error_description=Try+later', { action: 'fail', reason: 'Open Humans reported an error (server_error). Try later' }],
  ])('?%s', (query, plan) => {
    expect(planReturn(new URLSearchParams(query), localStorage)).toEqual(plan);
  });

  it('refuses every state when this browser started no authorization', () => {
    localStorage.clear();
    expect(planReturn(new URLSearchParams(`code=c0de&state=${STORED}`), localStorage)).toEqual({ action: 'fail', reason: UNKNOWN_STATE_REASON });
  });
});
