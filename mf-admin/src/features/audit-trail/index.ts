export { AuditTrailPage } from './components/AuditTrailPage';
