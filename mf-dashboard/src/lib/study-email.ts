/** The address a participant uses at the TypeFinder and MBTI providers (domain.md section 6). */
export function studyEmail(pgId: string, host: string): string {
  return `${pgId.toLowerCase()}@${host.toLowerCase()}`;
}
