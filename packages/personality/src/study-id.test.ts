import { isV4Uuid, normalizePgId } from './study-id';

describe('isV4Uuid', () => {
  it.each([
    ['3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', true],
    ['3F2B8C1E-9D4A-4E6F-BA7B-1C2D3E4F5A6B', true],
    ['3f2b8c1e-9d4a-4E6f-9a7b-1c2d3e4f5a6b', true],
    ['00000000-0000-4000-a000-000000000000', true],
    ['3f2b8c1e-9d4a-1e6f-8a7b-1c2d3e4f5a6b', false], // version 1
    ['3f2b8c1e-9d4a-5e6f-8a7b-1c2d3e4f5a6b', false], // version 5
    ['3f2b8c1e-9d4a-4e6f-7a7b-1c2d3e4f5a6b', false], // variant 7
    ['3f2b8c1e-9d4a-4e6f-ca7b-1c2d3e4f5a6b', false], // variant c
    ['3f2b8c1e9d4a4e6f8a7b1c2d3e4f5a6b', false], // no dashes
    ['3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6', false], // one digit short
    ['3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6bb', false], // one digit long
    ['g f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', false],
    ['3f2b8c1g-9d4a-4e6f-8a7b-1c2d3e4f5a6b', false], // non-hex
    [' 3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', false], // leading space
    ['3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b\n', false], // trailing newline
    ['{3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b}', false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(isV4Uuid(value)).toBe(expected);
  });
});

describe('normalizePgId', () => {
  it.each([
    ['3F2B8C1E-9D4A-4E6F-BA7B-1C2D3E4F5A6B', '3f2b8c1e-9d4a-4e6f-ba7b-1c2d3e4f5a6b'],
    ['3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b'],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePgId(input)).toBe(expected);
  });
});
