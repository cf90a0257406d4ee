import { ADMIN_REMOTE, CONSENT_REMOTE, DASHBOARD_REMOTE, firstSegment } from '@study/navigation';

const { consent, howItWorks } = CONSENT_REMOTE.pages;

export interface NavItem {
  label: string;
  to: string;
}

/**
 * The header's links (product.md section 2): on the consent form a way out for people who are
 * stuck, on the how-it-works page a way back to the form, elsewhere the section and the
 * dashboard ('Go to Dashboard' once a study ID is stored). None on the study team's pages: they
 * carry their own navigation, and a participant's dashboard link has no place there.
 */
export function navItems(pathname: string, hasStudyId: boolean): NavItem[] {
  if (ADMIN_REMOTE.paths.includes(`/${firstSegment(pathname)}`)) return [];
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === consent) return [{ label: "I'm having trouble", to: howItWorks }];
  if (path === howItWorks) return [{ label: 'Return to consent', to: consent }];
  return [
    { label: 'How it works', to: '/#howitworks' },
    { label: hasStudyId ? 'Go to Dashboard' : 'Dashboard', to: DASHBOARD_REMOTE.pages.survey },
  ];
}
