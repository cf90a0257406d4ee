import { AUTHORIZATION_STATE_KEY } from '@study/client-state';
import { browserAuthorizationWindow, openAuthorization } from './authorization';

describe('the browser authorization window', () => {
  it("stores the state in local storage at once and opens the study's start of the authorization in a new tab without an opener", () => {
    localStorage.clear();
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { url, state } = openAuthorization(browserAuthorizationWindow);
    expect(localStorage.getItem(AUTHORIZATION_STATE_KEY)).toBe(state);
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(url).toBe(`/api/authorization?state=${state}`);
    expect(open).toHaveBeenCalledWith(url, '_blank', 'noopener');
    open.mockRestore();
  });
});
