export { Layout } from './components/Layout';
export { headerBackgroundAlpha } from './header-opacity';
export { navItems, type NavItem } from './nav-items';
