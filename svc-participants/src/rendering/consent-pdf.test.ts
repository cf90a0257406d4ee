import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { consentTextBlocks } from '@study/contracts';
import type { ConsentCopy } from '../domain/consent/consent-copy';
import { FIRST_CONSENT_TEXT } from '../domain/consent/first-consent-text';
import { AGREEMENT_BOX_TEXT, renderConsentPdf, studyTitleOf } from './consent-pdf';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SETTINGS = {
  'research-team-contact': 'team@study.example.org',
  'review-board-name': 'Example University Institutional Review Board',
  'review-board-approval': 'IRB-2026-0417',
  'review-board-contact': 'irb@example.edu, +1 555 0100',
};

const copy = (overrides: Partial<ConsentCopy> = {}): ConsentCopy => ({
  pgId: PG_ID,
  versionId: 'v1',
  hash: 'a'.repeat(64),
  givenAt: new Date('2026-03-03T14:05:09Z'),
  adult: true,
  memberId: '12345678',
  renewal: false,
  text: FIRST_CONSENT_TEXT,
  textVersionId: 'v1',
  ...overrides,
});

/** Each page's text as a reader extracts it (poppler's pdftotext), in layout order, one string a page. */
function pagesOf(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consent-pdf-'));
  try {
    const file = path.join(dir, 'consent.pdf');
    fs.writeFileSync(file, pdf);
    const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    return Array.from({ length: count }, (_, i) => execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const lines = (page: string) =>
  page
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

describe('the participant consent PDF', () => {
  let pages: string[];
  beforeAll(async () => {
    pages = pagesOf(await renderConsentPdf(copy(), SETTINGS));
  });

  it('names the study, the study ID and the page on every page', () => {
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page.replace(/\s+/g, ' ')).toContain(`Personality type and genetics · Consent of study ID ${PG_ID} · Page ${i + 1} of ${pages.length}`);
    });
  });

  it('never leaves a heading alone at the foot of a page', () => {
    const headings = new Set(
      consentTextBlocks(FIRST_CONSENT_TEXT)
        .filter((block) => block.kind === 'heading')
        .map((block) => block.spans.map((span) => span.text).join('')),
    );
    for (const page of pages.slice(0, -1)) {
      const body = lines(page).filter((line) => !line.includes('· Page '));
      expect(headings.has(body[body.length - 1]!)).toBe(false);
    }
  });

  it('names the review board, its approval and how to reach it, and the research team, in the text and in its own section', () => {
    const all = pages.join('\n').replace(/\s+/g, ' ');
    expect(all).toContain('approved by Example University Institutional Review Board (approval reference IRB-2026-0417)');
    expect(all).toContain('without going through the research team: irb@example.edu, +1 555 0100.');
    expect(all).toContain('please write to the research team at team@study.example.org.');
    expect(all).not.toContain('{{');
    const last = pages[pages.length - 1]!.replace(/\s+/g, ' ');
    expect(last).toContain('Who to contact');
    expect(last).toMatch(/Research team team@study\.example\.org Review board Example University Institutional Review Board Approval reference IRB-2026-0417 Review board contact irb@example\.edu, \+1 555 0100/);
  });

  it("ends with the box the participant ticked, in the consent page's words, and when", () => {
    const last = pages[pages.length - 1]!.replace(/\s+/g, ' ');
    expect(last).toContain('Your agreement');
    expect(last).toContain(AGREEMENT_BOX_TEXT);
    expect(last).toContain('Ticked on the consent page, then "Agree & Authorize Project", 3 March 2026, 14:05:09 UTC.');
  });

  it('says when the box was not recorded, and a renewal on the dashboard', async () => {
    const older = pagesOf(await renderConsentPdf(copy({ adult: null, renewal: true }), SETTINGS));
    expect(older[older.length - 1]!.replace(/\s+/g, ' ')).toContain('Agreed again on the dashboard, 3 March 2026, 14:05:09 UTC; whether the box was ticked was not recorded by the page used.');
  });
});

describe('studyTitleOf', () => {
  it("reads the study's name from the text's 'Study title' section, before any subtitle", () => {
    expect(studyTitleOf(FIRST_CONSENT_TEXT)).toBe('Personality type and genetics');
    expect(studyTitleOf('# Study title\n\nGenes and types\n\n# 1. Invitation\n\nHello')).toBe('Genes and types');
    expect(studyTitleOf('# Invitation\n\nHello')).toBeUndefined();
  });
});
