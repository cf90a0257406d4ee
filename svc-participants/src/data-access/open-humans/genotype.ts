/**
 * Open Humans sources whose files hold genotype data (domain.md section 7): 23andMe,
 * AncestryDNA, FamilyTreeDNA, genome/exome upload, Gencove and openSNP.
 */
export const GENOTYPE_SOURCES: ReadonlySet<string> = new Set([
  'direct-sharing-128',
  'direct-sharing-129',
  'direct-sharing-120',
  'direct-sharing-131',
  'direct-sharing-40',
  'direct-sharing-55',
]);

/**
 * The genotype sources the member's files come from, each once, sorted (empty when none): what
 * the analysis export lists. Like hasGenotypeFile, a shared source without a file does not count.
 */
export function genotypeSourcesOf(files: readonly { source?: string | null }[]): string[] {
  const sources = new Set(files.flatMap((file) => (typeof file.source === 'string' && GENOTYPE_SOURCES.has(file.source) ? [file.source] : [])));
  return [...sources].sort();
}

/**
 * True when one of the member's files comes from a genotype source. A source listed in
 * `sources_shared` without a file in `data` does not count: the member shares it but has no data there.
 */
export function hasGenotypeFile(files: readonly { source?: string | null }[]): boolean {
  return files.some((file) => typeof file.source === 'string' && GENOTYPE_SOURCES.has(file.source));
}
