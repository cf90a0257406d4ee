import path from 'node:path';
import { findRepoRoot } from './repo-root';

describe('findRepoRoot', () => {
  it('walks up to the folder holding shell/ and gateway/', () => {
    const root = path.resolve(__dirname, '..', '..');
    expect(findRepoRoot([path.join(root, 'gateway', 'dist')])).toBe(root);
  });
});
