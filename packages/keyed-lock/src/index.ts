export {
  createRedisKeyedLock,
  LockTimeoutError,
  type KeyedLock,
  type KeyedLockLogger,
  type KeyedLockRedis,
  type RedisKeyedLockOptions,
} from './redis-keyed-lock';
export { runHoldingAll } from './hold-all';
