import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { createClient } from 'redis';
import type { DestinationStream, Logger } from 'pino';
import type { ServiceName } from '@study/contracts';
import { envelopeForwarder, serverErrorReporter } from '@study/error-reporting/server';
import { packageRelease } from '@study/service-kit';
import { ConfigError, type GatewayConfig } from './config';
import { apiDocsRoute } from './docs/api-docs-route';
import { errorHandler } from './error-handler';
import { errorReportsRoute } from './error-reports/error-reports-route';
import { healthzRoute } from './health/healthz-route';
import { livezRoute } from './health/livez-route';
import { getJson, type Agents } from './health/http-get';
import { sendError } from './http-errors';
import { accessLog } from './observability/access-log';
import { createGatewayLoggers } from './observability/logger';
import { createGatewayMetrics, startMetricsListener, type GatewayMetrics } from './observability/metrics';
import { apiRouter } from './routing/api-router';
import { CircuitBreaker } from './routing/circuit-breaker';
import { createServiceProxy, type ServiceProxy } from './routing/service-proxy';
import { securityHeaders } from './security/headers';
import { RateLimits } from './security/rate-limits';
import { frontends } from './static/frontends';
import { LiveReleases, LiveReleasesError } from './static/remote-releases';
import { remotesRoute } from './static/remotes';
import { studyConfigRoute } from './static/study-config';

export interface Gateway {
  app: Express;
  logger: Logger;
  /** Listens on HOST:PORT; resolves with the bound address (PORT=0 picks a free port). */
  start(): Promise<AddressInfo>;
  /** Stops accepting connections, lets in-flight requests finish (up to SHUTDOWN_TIMEOUT_MS), frees sockets. */
  stop(): Promise<void>;
  /** Whether the rate limits are counted in Redis, shared by every instance (false while it connects or is away: counted in memory). */
  limitsShared(): boolean;
  /** The gateway's Prometheus metrics, served on METRICS_PORT when set. */
  metrics: GatewayMetrics;
  /** Where GET /metrics listens once started (METRICS_PORT set), else undefined. */
  metricsAddress(): AddressInfo | undefined;
}

export interface GatewayOptions {
  /** Where JSON log lines go; stdout when omitted. */
  logDestination?: DestinationStream;
}

const SERVICE_NAMES: readonly ServiceName[] = ['participants', 'scoring', 'reports'];

function perService<T>(make: (name: ServiceName) => T): Record<ServiceName, T> {
  return Object.fromEntries(SERVICE_NAMES.map((name) => [name, make(name)])) as Record<ServiceName, T>;
}

/** Where each frontend comes from: its own web server, or its dist folder. */
function frontendSources(config: GatewayConfig): Record<string, string> {
  const fromDisk = (folder: string) => path.join(config.frontendRoot, folder, 'dist');
  return {
    shell: config.shellUpstream ?? fromDisk('shell'),
    ...Object.fromEntries(config.remotes.map((remote) => [remote.name, remote.upstream ?? fromDisk(remote.folder)])),
  };
}

/** live.json as it stands; a bad one at start is a configuration error, a bad edit later is refused and logged. */
function readLiveReleases(config: GatewayConfig, logger: Logger): LiveReleases {
  try {
    return new LiveReleases({
      releasesRoot: config.releasesRoot,
      remotes: config.remotes,
      onChanged: (live) => logger.info({ live }, 'live remote releases changed'),
      onRefused: (error) => logger.error({ err: error }, 'live.json change refused: the remotes keep their releases'),
    });
  } catch (error) {
    if (error instanceof LiveReleasesError) throw new ConfigError([error.message]);
    throw error;
  }
}

export function createGateway(config: GatewayConfig, options: GatewayOptions = {}): Gateway {
  const { logger, accessLogger } = createGatewayLoggers(config.logLevel, options.logDestination);
  // Keep-alive connections to the services: no TCP handshake per proxied call. An idle
  // connection is closed by the gateway (after upstreamIdleTimeoutMs, or a second before the
  // upstream's announced Keep-Alive timeout, whichever is first), never by the upstream, so a
  // connection the upstream is about to close is not handed out; the most recently used one
  // is handed out first, so the others age out when traffic is low.
  const agentOptions = { keepAlive: true, timeout: config.upstreamIdleTimeoutMs, scheduling: 'lifo' as const };
  const agents: Agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  const breakers = perService(
    (name) =>
      new CircuitBreaker({
        probeIntervalMs: config.breakerProbeIntervalMs,
        probe: async () => (await getJson(`${config.services[name]}/healthz`, { agents, timeoutMs: config.healthTimeoutMs })).reachable,
        onChange: (state, evidence) =>
          state === 'open'
            ? logger.warn({ upstream: name, evidence }, 'service unreachable: its routes answer 503 until it is back')
            : logger.info({ upstream: name }, 'service reachable again'),
      }),
  );
  const metrics = createGatewayMetrics(breakers);
  const proxies: Record<ServiceName, ServiceProxy> = perService((name) =>
    createServiceProxy({
      name,
      origin: config.services[name],
      agents,
      breaker: breakers[name],
      connectTimeoutMs: config.upstreamConnectTimeoutMs,
      upstreamTimeoutMs: config.upstreamTimeoutMs,
    }),
  );

  const liveReleases = readLiveReleases(config, logger);

  // The limits are counted in Redis (shared by every gateway instance); while it is away, in memory.
  const redis = createClient({ url: config.redisUrl, socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(200 * 2 ** retries, 5_000) } });
  let redisDown = false;
  redis.on('error', (err: Error) => {
    if (!redisDown) logger.warn({ err }, 'Redis unreachable: rate limits are counted in memory until it is back');
    redisDown = true;
  });
  redis.on('ready', () => {
    if (redisDown) logger.info('Redis reachable again: rate limits are shared again');
    redisDown = false;
  });
  const rateLimits = new RateLimits(redis, config.rateLimits, config.rateLimitKeyPrefix);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.use(accessLog({ logger, accessLogger, requestPrototype: app.request }));
  app.use(
    securityHeaders({
      remoteEntries: config.remotes.map((remote) => remote.entry),
      frameSrc: config.cspFrameSrc,
      framedPages: config.publicConfig.howItWorksVideoUrl ? [config.publicConfig.howItWorksVideoUrl] : [],
    }),
  );
  app.get('/livez', livezRoute());
  app.get('/healthz', healthzRoute({ services: config.services, breakers, agents, timeoutMs: config.healthTimeoutMs }));
  app.get('/remotes.json', remotesRoute(config.remotes, () => liveReleases.current()));
  app.get('/config.js', studyConfigRoute(config.publicConfig));
  app.use(errorReportsRoute({ rateLimits, ...(config.errorReportingDsn ? { forward: envelopeForwarder(config.errorReportingDsn) } : {}) }));
  app.use(apiDocsRoute());
  app.use(metrics.upstreamRequests);
  app.use(
    apiRouter({
      proxies,
      breakers,
      bodyLimitBytes: config.bodyLimitBytes,
      routeBodyLimits: config.routeBodyLimits,
      trustProxy: config.trustProxy,
      participantSessionSecret: config.participantSessionSecret,
      rateLimits,
    }),
  );
  const frontendServing = frontends({
    frontendRoot: config.frontendRoot,
    releasesRoot: config.releasesRoot,
    shellUpstream: config.shellUpstream,
    remotes: config.remotes,
    upstreams: {
      agents,
      connectTimeoutMs: config.upstreamConnectTimeoutMs,
      answerTimeoutMs: config.frontendUpstreamTimeoutMs,
      probeIntervalMs: config.breakerProbeIntervalMs,
      probeTimeoutMs: config.healthTimeoutMs,
      logger,
    },
  });
  app.use(frontendServing.router);
  app.use((req, res) => sendError(req, res, 404, 'NOT_FOUND', 'There is nothing at this address.'));
  app.use(errorHandler(config.errorReportingDsn ? { report: serverErrorReporter(config.errorReportingDsn, { service: 'gateway', release: packageRelease('gateway') }) } : {}));

  let server: http.Server | undefined;
  let metricsServer: http.Server | undefined;

  const start = async (): Promise<AddressInfo> => {
    if (server) throw new Error('the gateway is already started');
    // Not awaited: the gateway serves at once, counting in memory until Redis answers.
    redis.connect().catch((err: unknown) => logger.warn({ err }, 'could not connect to Redis'));
    server = http.createServer(app);
    server.listen(config.port, config.host);
    await once(server, 'listening');
    if (config.metricsPort !== undefined) metricsServer = await startMetricsListener(metrics, config.metricsPort, config.metricsHost);
    const address = server.address() as AddressInfo;
    logger.info(
      { url: `http://${address.address}:${address.port}`, services: config.services, frontends: frontendSources(config) },
      'gateway listening',
    );
    return address;
  };

  const stop = async (): Promise<void> => {
    for (const breaker of Object.values(breakers)) breaker.stop();
    const metricsListener = metricsServer;
    metricsServer = undefined;
    if (metricsListener?.listening) {
      metricsListener.close();
      metricsListener.closeAllConnections();
    }
    frontendServing.stop();
    const running = server;
    server = undefined;
    if (running?.listening) {
      const closed = once(running, 'close');
      running.close();
      running.closeIdleConnections();
      const force = setTimeout(() => {
        logger.warn('requests still running at shutdown deadline: closing their connections');
        running.closeAllConnections();
      }, config.shutdownTimeoutMs);
      force.unref();
      await closed;
      clearTimeout(force);
      logger.info('gateway stopped');
    }
    agents.http.destroy();
    agents.https.destroy();
    if (redis.isOpen) await redis.close().catch(() => undefined);
  };

  return { app, logger, start, stop, limitsShared: () => redis.isReady, metrics, metricsAddress: () => metricsServer?.address() as AddressInfo | undefined };
}
