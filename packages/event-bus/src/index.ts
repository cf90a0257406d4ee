export {
  createEvent,
  eventOf,
  parseCloudEvent,
  cloudEventSchema,
  EVENT_TYPE_REGEX,
  InvalidCloudEventError,
  type CloudEvent,
  type CreateEventInput,
  type EventOfInput,
} from './cloud-event';
export { on, dispatchTo, type EventHandler, type Subscription, type SubscriptionDispatch } from './subscriptions';
export type { EventLogger } from './logger';
export {
  EventBroker,
  BrokerUnavailableError,
  PublishNotConfirmedError,
  CLOUDEVENTS_CONTENT_TYPE,
  type EventBrokerOptions,
} from './broker';
export {
  startConsumer,
  ATTEMPT_HEADER,
  ORIGINAL_EXCHANGE_HEADER,
  ORIGINAL_ROUTING_KEY_HEADER,
  type ConsumerObserver,
  type ConsumerOptions,
  type HandleContext,
  type HandlingOutcome,
  type InboxEntry,
  type RunningConsumer,
} from './consumer';
export {
  consumerTopology,
  queueDeclarations,
  retryQueueName,
  DEFAULT_RETRY_DELAYS_MS,
  type ConsumerTopology,
  type QueueBinding,
  type QueueDeclaration,
} from './topology';
export { migratingQueueName } from './queue-migration';
export {
  withOutbox,
  outboxEntry,
  outboxEvents,
  outboxFields,
  outboxLockKey,
  assertStorable,
  ensureOutboxIndex,
  OUTBOX_FIELD,
  OUTBOX_PENDING_FIELD,
  OUTBOX_INDEX,
  PENDING_OUTBOX_FILTER,
  type OutboxEntry,
} from './outbox';
export { OutboxRelay, type OutboxRelayOptions } from './outbox-relay';
export { readOutboxBacklog, OUTBOX_BACKLOG_COMMENT, OUTBOX_BACKLOG_READ_LIMIT, type OutboxBacklog } from './outbox-backlog';
export { withCorrelationId, currentCorrelationId, traceAttributesOf, contextOfEvent, inEventSpan, failSpan, type TraceAttributes } from './trace-context';
