export { RouteGuard } from './components/RouteGuard';
export { guardDecision, type GuardDecision, type GuardState } from './guard-decision';
