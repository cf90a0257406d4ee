import { consentRenewRequestSchema, consentRequestSchema, consentTextBlocks, consentTextSchema, fillConsentSettings, normalizeConsentText, publishConsentRequestSchema } from './index';

describe('the consent text markup', () => {
  it('reads headings, paragraphs, lists and bold', () => {
    const text = '# 1. Title\n\nOne line\ngoes on.\n\n- **Privacy.** Kept.\n- Second\n  continued\n\n1. First\n2. Second';
    expect(consentTextBlocks(text)).toEqual([
      { kind: 'heading', spans: [{ text: '1. Title', bold: false }] },
      { kind: 'paragraph', spans: [{ text: 'One line goes on.', bold: false }] },
      {
        kind: 'list',
        ordered: false,
        items: [
          [
            { text: 'Privacy.', bold: true },
            { text: ' Kept.', bold: false },
          ],
          [{ text: 'Second continued', bold: false }],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ text: 'First', bold: false }], [{ text: 'Second', bold: false }]] },
    ]);
  });

  it('keeps an unmatched ** as text', () => {
    expect(consentTextBlocks('a ** b')).toEqual([{ kind: 'paragraph', spans: [{ text: 'a ** b', bold: false }] }]);
  });

  it('normalizes line ends, trailing spaces and blank lines', () => {
    expect(normalizeConsentText('\r\n\r\nA  \r\n\r\n\r\n\r\nB\n\n')).toBe('A\n\nB');
  });
});

describe("the deployment's settings in a consent text", () => {
  const settings = {
    'research-team-contact': 'team@example.org',
    'review-board-name': 'Example University IRB',
    'review-board-approval': 'IRB-2026-017',
    'review-board-contact': 'irb@example.edu',
  };

  it('puts each named setting in place of its placeholder, every time it appears', () => {
    const text = 'Approved by {{review-board-name}} ({{review-board-approval}}); write to {{review-board-contact}} or {{research-team-contact}}. Again: {{review-board-contact}}.';
    expect(fillConsentSettings(text, settings)).toBe('Approved by Example University IRB (IRB-2026-017); write to irb@example.edu or team@example.org. Again: irb@example.edu.');
  });

  it('leaves an unknown placeholder and a text without any as written', () => {
    expect(fillConsentSettings('See {{board}} and {{Review-Board-Name}}.', settings)).toBe('See {{board}} and {{Review-Board-Name}}.');
    expect(fillConsentSettings('# 1. Title', settings)).toBe('# 1. Title');
  });
});

describe('the consent bodies', () => {
  it('POST /api/consent takes the code and state with the version shown and the 18+ certification, and refuses the code alone, naming what is missing', () => {
    const state = '0123456789abcdef0123456789abcdef';
    expect(consentRequestSchema.parse({ code: 'abc', state, versionId: 'v2', adult: true })).toEqual({ code: 'abc', state, versionId: 'v2', adult: true });
    expect(consentRequestSchema.safeParse({ code: 'abc' }).error?.issues.map((issue) => issue.path)).toEqual([['state'], ['versionId'], ['adult']]);
  });

  it('refuses a false certification and a malformed version, naming the field', () => {
    const adult = consentRequestSchema.safeParse({ code: 'abc', state: '0123456789abcdef0123456789abcdef', versionId: 'v1', adult: false });
    expect(adult.success).toBe(false);
    expect(adult.error?.issues[0]?.path).toEqual(['adult']);
    const version = consentRenewRequestSchema.safeParse({ pgId: '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', versionId: '2', adult: true });
    expect(version.error?.issues[0]?.path).toEqual(['versionId']);
  });

  it('a renewal must carry the certification', () => {
    expect(consentRenewRequestSchema.safeParse({ pgId: '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', versionId: 'v2' }).success).toBe(false);
  });

  it('refuses an empty text to publish (blank lines only count as empty)', () => {
    expect(publishConsentRequestSchema.safeParse({ text: ' \n\n ' }).success).toBe(false);
    expect(consentTextSchema.parse('Text \r\n')).toBe('Text');
  });
});
