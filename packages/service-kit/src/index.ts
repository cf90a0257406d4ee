export { loadConfig, baseServiceConfig, ConfigError, type BaseServiceConfig, type ServiceConfigDefaults } from './config';
export {
  logLevelSetting,
  portSetting,
  hostSetting,
  httpUrl,
  byteSizeSetting,
  millisecondsSetting,
  trustProxySetting,
  httpOriginSetting,
  httpOriginWithDefaultSetting,
  pathOrHttpUrlSetting,
  cspSourcesSetting,
  publicHttpsUrlSetting,
  emailAddressSetting,
  mbtiUploadLimitSetting,
  studyNameSetting,
  type LogLevel,
  type TrustProxy,
} from './settings';
export { hmacSignature, isValidHmacSignature, requireHmacSignature, type HmacAlgorithm } from './hmac-signature';
export { escapeHtml } from './html';
export { createLogger, participantFingerprint, REDACTED, type Logger, type LoggerOptions } from './logger';
export { requestId, chooseRequestId, REQUEST_ID_HEADER } from './request-id';
export { requestLogging, routeLabel } from './request-logging';
export { AppError, errorHandler, type ErrorHandlerOptions } from './errors';
export { cutStack, packageRelease, serverErrorFields, STACK_FRAME_LIMIT, type ServerErrorFields, type ServerErrorReport } from './error-report';
export { jsonBody, parseBody, type JsonBodyOptions } from './body';
export { healthRoutes, readiness, type HealthCheck, type CheckState } from './health';
export { connectMongo, type MongoConnection, type MongoOptions } from './mongo';
export {
  countDatabaseCommands,
  createServiceMetrics,
  metricsRoute,
  metricsRouteLabel,
  httpRequestMetrics,
  consumerMetrics,
  outboxMetrics,
  gaugeReadOnScrape,
  type ServiceMetrics,
} from './metrics';
export { connectRedis, pingRedis, type RedisConnection, type RedisOptions } from './redis';
export {
  startService,
  serviceLockPrefix,
  KEEP_ALIVE_TIMEOUT_MS,
  type ServiceContext,
  type ServiceDefinition,
  type RunningService,
  type ConsumerDefinition,
} from './runtime';
export { createHttpApp, type HttpAppOptions } from './http-app';
export { mount, checkMountedRoutes, type RouteHandler } from './mount';
export { runMain, type Stoppable } from './main';
// Type-only: brings in the Request fields the kit adds (module augmentation), no code.
import type {} from './express-types';
export { BenchSeedRefusal, benchSeedCommand, runBenchSeedCommand, type BenchSeedCommand, type BenchSeedIo } from './bench-seed-command';
