import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { StudyIdForm } from './StudyIdForm';
import { StudyIdPage } from './StudyIdPage';

const VALID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

function field() {
  return screen.getByLabelText('Study ID') as HTMLInputElement;
}
function submitButton() {
  return screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
}

describe('StudyIdForm', () => {
  it('starts with Submit disabled and the empty field marked invalid', () => {
    render(<StudyIdForm onSubmit={jest.fn()} />);
    expect(submitButton().disabled).toBe(true);
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/36 characters in the form/)).toBeTruthy();
  });

  it.each([
    ['not a uuid'],
    ['3f2b8c1e-9d4a-1e6f-8a7b-1c2d3e4f5a6b'], // version 1
    ['3f2b8c1e-9d4a-4e6f-7a7b-1c2d3e4f5a6b'], // wrong variant
    ['3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6'], // one digit short
  ])('keeps Submit disabled and the field invalid for %j', async (typed) => {
    render(<StudyIdForm onSubmit={jest.fn()} />);
    await userEvent.type(field(), typed);
    expect(submitButton().disabled).toBe(true);
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });

  it.each([[VALID], [VALID.toUpperCase()]])('enables Submit for the v4 UUID %s', async (typed) => {
    render(<StudyIdForm onSubmit={jest.fn()} />);
    await userEvent.type(field(), typed);
    expect(submitButton().disabled).toBe(false);
    expect(field().hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText(/36 characters in the form/)).toBeNull();
  });

  it('submits the ID in lower case without surrounding spaces', async () => {
    const onSubmit = jest.fn();
    render(<StudyIdForm onSubmit={onSubmit} />);
    await userEvent.type(field(), `  ${VALID.toUpperCase()} {enter}`);
    expect(onSubmit).toHaveBeenCalledWith(VALID);
  });
});

describe('StudyIdPage', () => {
  function renderPage(props: Partial<Parameters<typeof StudyIdPage>[0]> = {}) {
    const onSubmit = jest.fn();
    render(
      <MemoryRouter>
        <StudyIdPage onSubmit={onSubmit} {...props} />
      </MemoryRouter>,
    );
    return onSubmit;
  }

  it('has the title, the form and the way to sign up', async () => {
    const onSubmit = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Participant Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Yes I'd Like to Participate" }).getAttribute('href')).toBe('/consent');
    expect(screen.queryByText('The ID you entered was not found.')).toBeNull();
    await userEvent.type(field(), VALID);
    await userEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledWith(VALID);
  });

  it('says the ID was not found, with the entered ID ready to correct', () => {
    renderPage({ notFound: true, initialValue: VALID });
    expect(screen.getByRole('alert').textContent).toContain('The ID you entered was not found.');
    expect(screen.getByRole('alert').textContent).toContain('Please check the entry and try again.');
    expect(field().value).toBe(VALID);
  });

  it('after not found, shows the whole ID as entered under the field, breaking only after its hyphens, and follows the corrections', async () => {
    renderPage({ notFound: true, initialValue: VALID });
    const echo = document.querySelector('.study-id-echo') as HTMLElement;
    expect(echo.classList.contains('study-id-echo--narrow')).toBe(false);
    expect(echo.querySelector('.study-id-echo__id')?.textContent).toBe(VALID);
    expect([...echo.querySelectorAll('.study-id-echo__group')].map((group) => group.textContent)).toEqual(['3f2b8c1e-', '9d4a-', '4e6f-', '8a7b-', '1c2d3e4f5a6b']);
    await userEvent.type(field(), '{Backspace}c');
    expect(echo.querySelector('.study-id-echo__id')?.textContent).toBe(`${VALID.slice(0, -1)}c`);
  });

  it('before any not found, shows the copy under the field only on narrow screens, and nothing for an empty field', async () => {
    renderPage();
    expect(document.querySelector('.study-id-echo')).toBeNull();
    await userEvent.type(field(), VALID);
    expect(document.querySelector('.study-id-echo')?.classList.contains('study-id-echo--narrow')).toBe(true);
  });
});
