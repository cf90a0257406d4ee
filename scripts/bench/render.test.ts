import { parseRenderOutput } from './render';

const figures = { times: [1.5, 2], first: { rss: 10, heapUsed: 5 }, before: { rss: 11, heapUsed: 6 }, after: { rss: 12, heapUsed: 7 }, bytes: 4096 };

describe('parseRenderOutput', () => {
  it("reads the worker's last line, whatever it printed before", () => {
    expect(parseRenderOutput(`a warning\n${JSON.stringify(figures)}\n`)).toEqual(figures);
  });

  it('refuses figures without a memory reading or with times that are not numbers', () => {
    expect(() => parseRenderOutput(JSON.stringify({ ...figures, after: { rss: 12 } }))).toThrow('the renders printed unexpected figures');
    expect(() => parseRenderOutput(JSON.stringify({ ...figures, times: ['1'] }))).toThrow('the renders printed unexpected figures');
    expect(() => parseRenderOutput('null')).toThrow('the renders printed no figures');
  });
});
