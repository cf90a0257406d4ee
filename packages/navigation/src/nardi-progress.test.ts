import { nardiPathForStatus } from './nardi-progress';

// The one table of where a Nardi status continues: the dashboard's links and the Nardi screens' redirects.
describe('nardiPathForStatus', () => {
  it.each([
    ['pending', '/nardi/part-one'],
    ['in-progress', '/nardi/part-one'],
    ['reviewing', '/nardi/part-one'],
    ['saving', '/nardi/part-one'],
    ['part-one', '/nardi/part-two'],
    ['part-two', '/nardi/part-three'],
    ['part-three', '/nardi/part-four'],
    ['started', '/nardi/part-four'],
    ['a status this version does not know', '/nardi/part-four'],
    ['completed', '/survey'],
    ['rejected', '/survey'],
  ])('%s -> %s', (status, path) => {
    expect(nardiPathForStatus(status)).toBe(path);
  });
});
