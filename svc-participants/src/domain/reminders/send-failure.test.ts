import { OpenHumansError } from '../../data-access/open-humans';
import { sendFailureOutcome } from './send-failure';

describe('what a failed reminder send means for its members', () => {
  it('releases the claims when the platform answered without taking the message', () => {
    expect(sendFailureOutcome(new OpenHumansError('bad-response', 'refused', { status: 400 }))).toBe('not-delivered');
    expect(sendFailureOutcome(new OpenHumansError('token-rejected', 'bad token', { status: 401 }))).toBe('not-delivered');
    expect(sendFailureOutcome(new OpenHumansError('unavailable', 'failed', { status: 503 }))).toBe('not-delivered');
    expect(sendFailureOutcome(new OpenHumansError('unavailable', 'Open Humans could not be reached (ECONNREFUSED).'))).toBe('not-delivered');
  });

  it('keeps the claims when it is not known whether the message went out', () => {
    expect(sendFailureOutcome(new OpenHumansError('unavailable', 'Open Humans did not answer within 10 s.'))).toBe('unknown');
    expect(sendFailureOutcome(new OpenHumansError('unavailable', 'Open Humans could not be reached (ECONNRESET).'))).toBe('unknown');
    expect(sendFailureOutcome(new Error('something else'))).toBe('unknown');
  });
});
