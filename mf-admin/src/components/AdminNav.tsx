import { NavLink } from 'react-router-dom';

const LINKS = [
  { to: '/mbti-load', label: 'MBTI upload' },
  { to: '/enrollment', label: 'Enrollment' },
  { to: '/ready-csv', label: 'Roster' },
  { to: '/consent-versions', label: 'Consent' },
  { to: '/audit-trail', label: 'Audit trail' },
  { to: '/reminders', label: 'Reminders' },
  { to: '/analysis-export', label: 'Analysis export' },
] as const;

/** Moves between the study team's pages. */
export function AdminNav() {
  return (
    <nav className="admin-nav" aria-label="Study team tools">
      <ul>
        {LINKS.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => (isActive ? 'admin-nav__link admin-nav__link--active' : 'admin-nav__link')}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
