import { studyPseudonyms } from './study-pseudonym';

const PG_ID = '6f1c2a7e-3b4d-4c5e-8f60-7a8b9c0d1e2f';
const key = Buffer.alloc(32, 7);

describe('the study pseudonym', () => {
  it('is the same for a study ID every time, in any letter case, and shows nothing of it', () => {
    const pseudonymOf = studyPseudonyms(key);
    const pseudonym = pseudonymOf(PG_ID);
    expect(pseudonym).toMatch(/^P[0-9a-f]{20}$/);
    expect(pseudonymOf(PG_ID.toUpperCase())).toBe(pseudonym);
    expect(studyPseudonyms(Buffer.from(key))(PG_ID)).toBe(pseudonym);
    for (const part of PG_ID.split('-')) expect(pseudonym).not.toContain(part);
  });

  it('differs between study IDs and between keys', () => {
    const pseudonymOf = studyPseudonyms(key);
    expect(pseudonymOf('7f1c2a7e-3b4d-4c5e-8f60-7a8b9c0d1e2f')).not.toBe(pseudonymOf(PG_ID));
    expect(studyPseudonyms(Buffer.alloc(32, 8))(PG_ID)).not.toBe(pseudonymOf(PG_ID));
  });
});
