/** A data source on the platform whose files a member can share with the project. */
export interface DataSource {
  /** The platform's source label, as it appears in `sources_shared` and a file's `source`. */
  idLabel: string;
  name: string;
  /** True for sources whose files hold genotype data (domain.md section 7). */
  genotype: boolean;
  /** What a file from this source is called and tagged when a member shares one. */
  sampleFile: { basename: string; datatypes: string[]; tags: string[]; description: string };
}

export const DATA_SOURCES: readonly DataSource[] = [
  {
    idLabel: 'direct-sharing-128',
    name: '23andMe',
    genotype: true,
    sampleFile: { basename: 'genome_23andme.txt', datatypes: ['genotype'], tags: ['23andMe', 'genotype'], description: '23andMe genotype data' },
  },
  {
    idLabel: 'direct-sharing-129',
    name: 'AncestryDNA',
    genotype: true,
    sampleFile: { basename: 'AncestryDNA.txt', datatypes: ['genotype'], tags: ['AncestryDNA', 'genotype'], description: 'AncestryDNA genotype data' },
  },
  {
    idLabel: 'direct-sharing-120',
    name: 'FamilyTreeDNA',
    genotype: true,
    sampleFile: { basename: 'ftdna_genotypes.csv', datatypes: ['genotype'], tags: ['FamilyTreeDNA', 'genotype'], description: 'FamilyTreeDNA genotype data' },
  },
  {
    idLabel: 'direct-sharing-131',
    name: 'Genome/exome upload',
    genotype: true,
    sampleFile: { basename: 'genome.vcf', datatypes: ['genome', 'vcf'], tags: ['vcf', 'genome'], description: 'Genome or exome VCF' },
  },
  {
    idLabel: 'direct-sharing-40',
    name: 'Gencove',
    genotype: true,
    sampleFile: { basename: 'gencove_imputed.vcf', datatypes: ['genotype', 'vcf'], tags: ['Gencove', 'vcf'], description: 'Gencove imputed genotype' },
  },
  {
    idLabel: 'direct-sharing-55',
    name: 'openSNP',
    genotype: true,
    sampleFile: { basename: 'opensnp_genotype.txt', datatypes: ['genotype'], tags: ['openSNP', 'genotype'], description: 'openSNP genotype data' },
  },
  {
    idLabel: 'direct-sharing-138',
    name: 'Fitbit',
    genotype: false,
    sampleFile: { basename: 'fitbit_data.json', datatypes: ['activity'], tags: ['Fitbit', 'json'], description: 'Fitbit activity data' },
  },
];

export function findSource(idLabel: string): DataSource | undefined {
  return DATA_SOURCES.find((s) => s.idLabel === idLabel);
}
