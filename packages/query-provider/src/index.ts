export { createQueryClient, QueryProvider, type QueryClientSettings, type QueryProviderProps } from './query-client';
