export { Layout } from './components/Layout';
export { headerBackgroundAlpha } from './header-opacity';
