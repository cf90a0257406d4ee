export { registerTracing, traceProcess, otlpEndpoint, TracingConfigError, type Tracing, type TracingEnvironment, type TracingOptions } from './register-tracing';
export { StudyIdScrubber, withoutStudyIds } from './study-id-scrubber';
