import type { ServiceContext } from '@study/service-kit';
import type { ParticipantsConfig } from './config';
import { ConsentVersionsRepository } from './data-access/consent-versions-repository';

/**
 * The consent versions, with the newest version's number shared in Redis so every instance reads
 * the list only when it changed. The key is scoped to the deployment (its exchange and database),
 * as the admin counters are: two stacks sharing a Redis never share it.
 */
export function consentVersionsRepository(ctx: ServiceContext<ParticipantsConfig>): ConsentVersionsRepository {
  const key = `consent:${ctx.config.EVENTS_EXCHANGE}:${ctx.config.MONGO_DB}:latest-seq`;
  return new ConsentVersionsRepository(ctx.db, { redis: ctx.redis, key });
}
