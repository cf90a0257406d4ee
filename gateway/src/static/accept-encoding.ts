/** The encodings the gateway can send a file in, besides the file as it is. */
export type ContentCoding = 'br' | 'gzip';

export interface AcceptedCodings {
  br: boolean;
  gzip: boolean;
  /** When both are accepted: whether the client weighs gzip above br (br wins a tie: it is smaller). */
  preferGzip: boolean;
}

const NONE: AcceptedCodings = { br: false, gzip: false, preferGzip: false };
/** Browsers send a handful of distinct Accept-Encoding values; each is parsed once. */
const parsed = new Map<string, AcceptedCodings>();
const MAX_REMEMBERED = 64;

function parse(header: string): AcceptedCodings {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName?.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() === 'q') {
        const number = Number(value?.trim());
        q = Number.isFinite(number) ? number : 0;
      }
    }
    weights.set(name, q);
  }
  const any = weights.get('*');
  const weight = (name: string) => weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? any ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  return { br: br > 0, gzip: gzip > 0, preferGzip: gzip > br };
}

/** What an Accept-Encoding header allows, among br and gzip. */
export function acceptedCodings(header: string | undefined): AcceptedCodings {
  if (!header) return NONE;
  let result = parsed.get(header);
  if (result === undefined) {
    result = parse(header);
    if (parsed.size >= MAX_REMEMBERED) parsed.clear();
    parsed.set(header, result);
  }
  return result;
}
