// The part of a file an HTTP Range header asks for (one range of bytes), as a small file server
// answers it (scripts/render-how-it-works-poster.ts: a browser seeks a video only through ranges).

/** The first and last byte asked for (inclusive), or null for the whole file (no header, or one this does not read). */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const range = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!range) return null;
  const [, first = '', last = ''] = range;
  // bytes=-n: the last n bytes; bytes=n-: from n to the end.
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first !== '' && last !== '' ? Math.min(Number(last), size - 1) : size - 1;
  return { start, end };
}
