import { render, screen } from '@testing-library/react';
import { StudyEmailField } from './StudyEmailField';

const EMAIL = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6e@study.example.org';

describe('StudyEmailField', () => {
  it('shows the whole study email, labelled, read-only, with the copy button', () => {
    render(<StudyEmailField email={EMAIL} copyLabel="Copy ID" />);
    const field = screen.getByLabelText('Your study email');
    expect(field.tagName).toBe('OUTPUT');
    expect(field.textContent).toBe(EMAIL);
    expect(screen.getByRole('button', { name: 'Copy ID' })).toBeTruthy();
  });

  it('lets the address break only before the @: the study ID part and the @domain part each stay whole', () => {
    render(<StudyEmailField email={EMAIL} />);
    const field = screen.getByLabelText('Your study email');
    const parts = [...field.querySelectorAll('.email-address__part')];
    expect(parts.map((part) => part.textContent)).toEqual(['3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6e', '@study.example.org']);
    // The one break opportunity sits between them.
    expect(parts[0]?.nextElementSibling?.tagName).toBe('WBR');
    expect(parts[0]?.nextElementSibling?.nextElementSibling).toBe(parts[1]);
  });
});
