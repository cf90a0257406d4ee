import { rosterErrorMessage } from './roster-error';

describe('rosterErrorMessage', () => {
  it('uses the error field of a JSON error body', () => {
    const body = JSON.stringify({ error: 'The master key is not valid.', code: 'FORBIDDEN', requestId: 'abc12345' });
    expect(rosterErrorMessage(403, body)).toBe('The master key is not valid.');
  });

  it('shows the raw text when the body is not JSON', () => {
    expect(rosterErrorMessage(502, 'Bad Gateway\n')).toBe('Bad Gateway');
  });

  it('shows the raw text when the JSON has no usable error field', () => {
    expect(rosterErrorMessage(500, '{"message":"boom"}')).toBe('{"message":"boom"}');
    expect(rosterErrorMessage(500, '{"error":42}')).toBe('{"error":42}');
    expect(rosterErrorMessage(500, '"just a string"')).toBe('"just a string"');
  });

  it('names the status when the body is empty', () => {
    expect(rosterErrorMessage(404, '')).toBe('The server answered 404 without a message.');
  });
});
