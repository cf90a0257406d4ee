import { percentOfCore } from './idle';

describe('percentOfCore', () => {
  it('answers each process as % of one core over the wall time, and the stack total', () => {
    expect(percentOfCore({ gateway: 50, 'svc-participants': 150 }, 2000)).toEqual({ gateway: 2.5, 'svc-participants': 7.5, total: 10 });
  });

  it('answers a zero total for no processes', () => {
    expect(percentOfCore({}, 1000)).toEqual({ total: 0 });
  });
});
