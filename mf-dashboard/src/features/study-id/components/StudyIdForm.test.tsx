import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
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

function ShowDashboardId() {
  const { pgId } = useParams();
  return <p>dashboard for {pgId}</p>;
}

describe('StudyIdPage', () => {
  it('goes to /survey/{pgId} on submit', async () => {
    render(
      <MemoryRouter initialEntries={['/survey']}>
        <Routes>
          <Route path="/survey" element={<StudyIdPage />} />
          <Route path="/survey/:pgId" element={<ShowDashboardId />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Participant Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Yes I'd Like to Participate" }).getAttribute('href')).toBe('/consent');
    await userEvent.type(field(), VALID);
    await userEvent.click(submitButton());
    expect(screen.getByText(`dashboard for ${VALID}`)).toBeTruthy();
  });

  it('shows the study ID from the address with the form filled in', () => {
    render(
      <MemoryRouter initialEntries={[`/survey/${VALID}`]}>
        <Routes>
          <Route path="/survey/:pgId" element={<StudyIdPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText(VALID, { selector: 'code' })).toBeTruthy();
    expect(field().value).toBe(VALID);
    expect(submitButton().disabled).toBe(false);
  });
});
