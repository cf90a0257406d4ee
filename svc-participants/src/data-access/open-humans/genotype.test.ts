import { GENOTYPE_SOURCES, genotypeSourcesOf, hasGenotypeFile } from './genotype';

describe('hasGenotypeFile', () => {
  it('knows exactly the six genotype sources of domain.md', () => {
    expect([...GENOTYPE_SOURCES].sort()).toEqual(
      ['direct-sharing-128', 'direct-sharing-129', 'direct-sharing-120', 'direct-sharing-131', 'direct-sharing-40', 'direct-sharing-55'].sort(),
    );
  });

  it.each([...GENOTYPE_SOURCES])('finds a file from %s', (source) => {
    expect(hasGenotypeFile([{ source: 'direct-sharing-138' }, { source }])).toBe(true);
  });

  it.each([
    ['no files', []],
    ['only a Fitbit file', [{ source: 'direct-sharing-138' }]],
    ["only the project's own upload", [{ source: 'direct-sharing-1000' }]],
    ['a file without a source', [{ source: null }, {}]],
    ['a source label that merely starts like a genotype one', [{ source: 'direct-sharing-1280' }, { source: 'direct-sharing-12' }]],
    ['a differently written label', [{ source: 'Direct-Sharing-128' }, { source: ' direct-sharing-128' }]],
  ])('finds none with %s', (_name, files) => {
    expect(hasGenotypeFile(files)).toBe(false);
  });

  it('lists the genotype sources of the files, each once, sorted; none for files of other sources', () => {
    const files = [{ source: 'direct-sharing-131' }, { source: 'direct-sharing-138' }, { source: 'direct-sharing-128' }, { source: 'direct-sharing-131' }, { source: null }, {}];
    expect(genotypeSourcesOf(files)).toEqual(['direct-sharing-128', 'direct-sharing-131']);
    expect(genotypeSourcesOf([{ source: 'direct-sharing-138' }, { source: 'direct-sharing-1280' }])).toEqual([]);
  });
});
