import { downloadResourceSchema, routes } from '@study/contracts';
import { can, capabilities, capabilitiesOf, downloadCapability, isStaffRole, ROUTE_CAPABILITIES, routeCapability, staffRoles, type Capability, type StaffRole } from './roles';

const studyTeamRoutes = Object.entries(routes)
  .filter(([, route]) => route.access.kind === 'study-team')
  .map(([name]) => name);

describe('the permission table', () => {
  it('gives every study-team route of the contracts exactly one capability', () => {
    const missing = studyTeamRoutes.filter((name) => routeCapability(name) === undefined);
    expect(missing).toEqual([]);
  });

  it('names no route that is not the study team\'s', () => {
    const extra = Object.keys(ROUTE_CAPABILITIES).filter((name) => !studyTeamRoutes.includes(name));
    expect(extra).toEqual([]);
    expect(routeCapability('user')).toBeUndefined();
    expect(routeCapability('toString')).toBeUndefined();
  });

  it('uses each capability for at most one route, so a route is refused or allowed on its own', () => {
    const used = Object.values(ROUTE_CAPABILITIES);
    expect(new Set(used).size).toBe(used.length);
  });

  it('lets an owner do everything', () => {
    expect(capabilitiesOf('owner')).toEqual(capabilities);
  });

  it('lets a viewer see the enrollment figures and the audit trail, and nothing that changes or exports participant data', () => {
    expect(capabilitiesOf('viewer').sort()).toEqual([
      'audit.export',
      'audit.view',
      'audit.view-v1',
      'download-link.create',
      'enrollment.view',
      'passkeys.add',
      'passkeys.challenge',
      'session.end',
      'session.view',
      'staff.view',
    ]);
  });

  it('lets a data manager handle participant data, but not staff, consent texts or reminders', () => {
    const allowed: Capability[] = ['mbti.upload', 'typefinder.import', 'statistics.download', 'roster.download', 'analysis-export.download', 'analysis-export.dictionary'];
    for (const capability of allowed) expect(can('data-manager', capability)).toBe(true);
    const refused: Capability[] = ['staff.manage', 'consent-versions.view', 'consent-versions.publish', 'reminders.preview', 'reminders.send'];
    for (const capability of refused) expect(can('data-manager', capability)).toBe(false);
    expect(can('data-manager', 'enrollment.view')).toBe(true);
  });

  it('refuses what is not in the table, and roles it does not know', () => {
    expect(can('owner', 'staff.delete-everything' as Capability)).toBe(false);
    expect(can('owner', 'hasOwnProperty' as Capability)).toBe(false);
    expect(can('admin' as StaffRole, 'enrollment.view')).toBe(false);
    expect(isStaffRole('admin')).toBe(false);
    expect(staffRoles.every(isStaffRole)).toBe(true);
  });

  it('asks for a download link the capability of the route the link opens', () => {
    expect(downloadResourceSchema.options.map(downloadCapability)).toEqual(expect.arrayContaining(['statistics.download', 'audit.export']));
    expect(can('viewer', downloadCapability('audit'))).toBe(true);
    expect(can('viewer', downloadCapability('stats'))).toBe(false);
    expect(can('viewer', downloadCapability('export'))).toBe(false);
  });
});
