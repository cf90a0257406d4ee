// Types of deployables.cjs for the TypeScript that uses it.
export declare const DEPLOYABLES: readonly { dir: string; kind: 'service' | 'frontend' | 'standin' }[];
