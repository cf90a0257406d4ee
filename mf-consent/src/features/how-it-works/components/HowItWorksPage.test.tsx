import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HowItWorksPage } from './HowItWorksPage';
import type { StudyConfig } from '@study/ui';

function renderPage(config: Partial<StudyConfig>) {
  render(
    <MemoryRouter>
      <HowItWorksPage config={config} />
    </MemoryRouter>,
  );
}

describe('HowItWorksPage', () => {
  it('embeds the configured video with a title', () => {
    renderPage({ howItWorksVideoUrl: 'https://www.youtube-nocookie.com/embed/abc' });
    const frame = screen.getByTitle('How the study works (video)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc');
    // The outside video replaces the site's own.
    expect(document.querySelector('video')).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to consent' }).getAttribute('href')).toBe('/consent');
  });

  it("plays the site's own captioned video when no outside one is configured, and shows the written steps", () => {
    renderPage({});
    expect(screen.queryByTitle('How the study works (video)')).toBeNull();
    const video = document.querySelector('video');
    expect(video?.hasAttribute('controls')).toBe(true);
    expect(video?.querySelector('source')?.getAttribute('src')).toBe('/mf/consent/how-it-works.webm');
    // Not an empty box before it plays: a frame from its start, served with it.
    expect(video?.getAttribute('poster')).toBe('/mf/consent/how-it-works-poster.png');
    const track = video?.querySelector('track');
    expect(track?.getAttribute('kind')).toBe('captions');
    expect(track?.getAttribute('src')).toBe('/mf/consent/how-it-works.en.vtt');
    expect(track?.getAttribute('srclang')).toBe('en');
    expect(screen.getByRole('heading', { name: 'The steps in writing' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Authorize the project on Open Humans' })).toBeTruthy();
  });

  it('gives the contact address when one is configured', () => {
    renderPage({ contactEmail: 'team@example.org' });
    // jsdom's names put a space between the address's parts; a browser's does not (the browser tests check it).
    const contact = screen.getByRole('link', { name: /^team\s?@example\.org$/ });
    expect(contact.getAttribute('href')).toBe('mailto:team@example.org');
    expect(contact.textContent).toBe('team@example.org');
    // It wraps only before the '@', never at a hyphen or a dot.
    expect([...contact.querySelectorAll('.email-address__part')].map((part) => part.textContent)).toEqual(['team', '@example.org']);
  });
});

describe('the video poster shipped with the site', () => {
  it('is a PNG of the video\'s size (a frame of it, scripts/render-how-it-works-poster.ts)', () => {
    const png = fs.readFileSync(path.join(__dirname, '..', 'assets', 'how-it-works-poster.png'));
    expect(png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 360]);
  });
});
