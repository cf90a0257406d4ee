export { RouteGuard } from './components/RouteGuard';
export { guardDecision, GUARDED_SEGMENTS, type GuardDecision, type GuardState } from './guard-decision';
