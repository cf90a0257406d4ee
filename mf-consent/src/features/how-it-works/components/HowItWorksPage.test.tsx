import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { HowItWorksPage } from './HowItWorksPage';
import type { StudyConfig } from '@study/ui';

function renderPage(config: StudyConfig) {
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
    expect(screen.queryByText('The video is not available on this site.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to consent' }).getAttribute('href')).toBe('/consent');
  });

  it('says plainly that the video is not available and shows the written steps', () => {
    renderPage({});
    expect(screen.queryByTitle('How the study works (video)')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('The video is not available on this site.');
    expect(screen.getByRole('heading', { name: 'The steps' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Authorize the project on Open Humans' })).toBeTruthy();
  });

  it('gives the contact address when one is configured', () => {
    renderPage({ contactEmail: 'team@example.org' });
    expect(screen.getByRole('link', { name: 'team@example.org' }).getAttribute('href')).toBe('mailto:team@example.org');
  });
});
