import { AUTHORIZATION_STATE_KEY } from '@study/client-state';
import { authorizationUrl, browserAuthorizationWindow, openAuthorization } from './authorization';

describe('authorizationUrl', () => {
  it.each([
    ['https://oh.example/direct-sharing/projects/oauth2/authorize/?client_id=a&response_type=code', 'https://oh.example/direct-sharing/projects/oauth2/authorize/?client_id=a&response_type=code&state=s1'],
    ['https://oh.example/authorize/?client_id=a&state=old', 'https://oh.example/authorize/?client_id=a&state=s1'],
    ['http://127.0.0.1:4201/authorize/', 'http://127.0.0.1:4201/authorize/?state=s1'],
  ])('%s', (base, expected) => {
    expect(authorizationUrl(base, 's1')).toBe(expected);
  });
});

describe('the browser authorization window', () => {
  it('stores the state in local storage at once and opens a new tab without an opener', () => {
    localStorage.clear();
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { url, state } = openAuthorization('https://oh.example/authorize/?client_id=a', browserAuthorizationWindow);
    expect(localStorage.getItem(AUTHORIZATION_STATE_KEY)).toBe(state);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    expect(new URL(url).searchParams.get('state')).toBe(state);
    open.mockRestore();
  });
});
