import { screen, within } from '@testing-library/react';
import type { StaffRoleName } from '@study/contracts';
import { renderPage } from '../test-support/render';
import { serveAdminApi } from '../test-support/serve-admin-api';
import { staffSession } from '../test-support/staff-sessions';
import { AdminNav } from './AdminNav';

const linksShown = () =>
  within(screen.getByRole('navigation', { name: 'Study team tools' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('AdminNav', () => {
  it.each<[StaffRoleName, string, string[]]>([
    ['viewer', 'Viewer', ['Enrollment', 'Roster', 'Audit trail', 'Staff']],
    ['data-manager', 'Data manager', ['MBTI upload', 'Enrollment', 'Roster', 'Audit trail', 'Analysis export', 'Staff']],
    ['owner', 'Owner', ['MBTI upload', 'Enrollment', 'Roster', 'Consent', 'Audit trail', 'Reminders', 'Analysis export', 'Staff']],
  ])('lists the pages the %s role may use, and who is signed in', async (role, label, pages) => {
    serveAdminApi({}, { session: staffSession(role) });
    renderPage(<AdminNav />, '/enrollment');
    expect(await screen.findByText(`Signed in as ${staffSession(role).staff.name} (${label})`)).toBeTruthy();
    expect(linksShown().map(([text]) => text)).toEqual(pages);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('links each page at its address', async () => {
    serveAdminApi({});
    renderPage(<AdminNav />, '/staff');
    await screen.findByText('Signed in as Olive Owner (Owner)');
    expect(linksShown()).toEqual([
      ['MBTI upload', '/mbti-load'],
      ['Enrollment', '/enrollment'],
      ['Roster', '/ready-csv'],
      ['Consent', '/consent-versions'],
      ['Audit trail', '/audit-trail'],
      ['Reminders', '/reminders'],
      ['Analysis export', '/analysis-export'],
      ['Staff', '/staff'],
    ]);
    expect(screen.getByRole('link', { name: 'Staff' }).className).toContain('admin-nav__link--active');
  });

  it('lists only the roster, which needs no sign-in, while nobody is signed in, with the way to sign in where asked', async () => {
    serveAdminApi({}, { session: null });
    renderPage(<AdminNav signInLink />, '/ready-csv');
    expect(await screen.findByText('Not signed in.')).toBeTruthy();
    expect(linksShown()).toEqual([['Roster', '/ready-csv']]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/staff-sign-in?next=%2Fready-csv');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
