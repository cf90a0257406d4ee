// The command lines of `npm run test:repeat` and `npm run slice`, read without side effects.

export interface RepeatOptions {
  runs: number;
  busyCores: number;
  /** Everything else, for jest. */
  jestArgs: string[];
}

/** test:repeat: --runs and --busy-cores (whole numbers) taken out of the arguments; the rest go to jest. */
export function parseRepeatArgs(argv: readonly string[]): RepeatOptions {
  const options: RepeatOptions = { runs: 3, busyCores: 1, jestArgs: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.split('=', 2);
    if (name === '--runs' || name === '--busy-cores') {
      const value = Number(inline ?? argv[++i]);
      if (!Number.isInteger(value) || value < (name === '--runs' ? 1 : 0)) throw new Error(`${name} takes a whole number (${name === '--runs' ? 'at least 1' : '0 or more'})`);
      options[name === '--runs' ? 'runs' : 'busyCores'] = value;
    } else options.jestArgs.push(arg);
  }
  return options;
}

export interface SliceOptions {
  /** The deployable's folder, e.g. standins/typefinder. */
  slice: string;
  /** Whether the browser tests that name the slice run too. */
  browser: boolean;
}

/** slice: one folder (a leading ./ and trailing slashes dropped) and the only option, --skip-browser. */
export function parseSliceArgs(argv: readonly string[], known: readonly string[]): SliceOptions {
  const flags = argv.filter((a) => a.startsWith('--'));
  const unknownFlags = flags.filter((f) => f !== '--skip-browser');
  if (unknownFlags.length > 0) throw new Error(`Unknown option ${unknownFlags.join(', ')}: the only option is --skip-browser`);
  const folders = argv.filter((a) => !a.startsWith('--')).map((a) => a.replace(/^\.\//, '').replace(/\/+$/, ''));
  const [slice] = folders;
  if (folders.length !== 1 || slice === undefined) throw new Error(`Name one slice: npm run slice -- <folder> [--skip-browser]. Known slices: ${known.join(', ')}`);
  return { slice, browser: !flags.includes('--skip-browser') };
}
