import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import type { RemotesSource } from '../features/remotes';
import { App } from './App';

function SurveyWithId() {
  const { pgId } = useParams();
  return <p>survey page for {pgId}</p>;
}

// A remote's './routes' module: absolute paths, as the real remotes write them.
function DashboardRoutes() {
  return (
    <Routes>
      <Route path="/survey" element={<h1>Dashboard remote</h1>} />
      <Route path="/survey/:pgId" element={<SurveyWithId />} />
    </Routes>
  );
}

const REMOTES = [
  { name: 'mf_dashboard', paths: ['/survey', '/self-assessment'] },
  { name: 'mf_consent', paths: ['/consent'] },
];

function source(overrides: Partial<RemotesSource> = {}): RemotesSource {
  return {
    fetchRemotes: jest.fn(async () => REMOTES),
    loadRoutes: jest.fn(async () => DashboardRoutes),
    ...overrides,
  };
}

function renderAt(path: string, remotesSource: RemotesSource) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <App remotesSource={remotesSource} />
    </MemoryRouter>,
  );
}

beforeAll(() => {
  // jsdom has no layout or scrolling.
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});

describe('App', () => {
  it('shows Not Found for an address nobody owns, inside the normal page frame', async () => {
    const remotesSource = source();
    renderAt('/nope', remotesSource);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeTruthy();
    expect(remotesSource.loadRoutes).not.toHaveBeenCalled();
  });

  it('does not treat a longer path as a remote prefix', async () => {
    renderAt('/surveys', source());
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeTruthy();
  });

  it("hands a remote's paths to it; its absolute routes match the full address", async () => {
    const remotesSource = source();
    renderAt('/survey/3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', remotesSource);
    expect(await screen.findByText('survey page for 3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b')).toBeTruthy();
    expect(remotesSource.loadRoutes).toHaveBeenCalledWith('mf_dashboard');
  });

  it("renders the shell's own pages without waiting for remotes", () => {
    renderAt('/', source({ fetchRemotes: () => new Promise(() => undefined) }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reveal Yourself!' })).toBeTruthy();
    const participate = screen.getAllByRole('link', { name: "I'd Like to Participate" });
    expect(participate.map((link) => link.getAttribute('href'))).toEqual(['/consent', '/consent']);
    expect(screen.getByRole('link', { name: 'Already Signed Up' }).getAttribute('href')).toBe('/survey');
    expect(document.getElementById('howitworks')).not.toBeNull();
  });

  it('shows the fallback for remote paths when /remotes.json cannot be loaded; Retry fetches it again', async () => {
    const fetchRemotes = jest
      .fn<Promise<typeof REMOTES>, []>()
      .mockRejectedValueOnce(new Error('/remotes.json answered 500.'))
      .mockResolvedValueOnce(REMOTES);
    renderAt('/survey', source({ fetchRemotes }));
    expect(await screen.findByText('This part of the site could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How it works' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard remote' })).toBeTruthy();
    expect(fetchRemotes).toHaveBeenCalledTimes(2);
  });

  it("shows no participant links in the header on the study team's pages, which carry their own navigation", async () => {
    const AdminRoutes = () => (
      <Routes>
        <Route path="/enrollment" element={<h1>Enrollment</h1>} />
      </Routes>
    );
    const remotesSource = source({ fetchRemotes: jest.fn(async () => [...REMOTES, { name: 'mf_admin', paths: ['/enrollment'] }]), loadRoutes: jest.fn(async () => AdminRoutes) });
    renderAt('/enrollment', remotesSource);
    expect(await screen.findByRole('heading', { level: 1, name: 'Enrollment' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Dashboard|How it works/ })).toBeNull();
    // The study's name still leads home.
    expect(screen.getByRole('link', { name: 'Personality Genetics Study' }).getAttribute('href')).toBe('/');
  });
});
