import { callApi } from '@study/api-client';
import { routes, type ConsentResponse } from '@study/contracts';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { ConsentAgreement } from '../../../lib/agreement';

export interface CodeExchange {
  code: string;
  state: string;
  agreement: ConsentAgreement;
}

/**
 * POST /api/consent {code, state, versionId, adult}: the participant's study ID for the code Open
 * Humans sent back to the request this browser started, the consent recorded with what they agreed to.
 */
export function exchangeCode({ code, state, agreement }: CodeExchange): Promise<ConsentResponse> {
  return callApi(routes.consent, { body: { code, state, ...agreement } });
}

/**
 * The exchange of `request`'s code (none while null). A code works once: this is a query keyed by
 * the code, kept while the remote is mounted, so asking again (a re-render, React's development
 * double effects, the page mounted again) shares the first answer instead of spending the code twice.
 */
export function useExchangeCode(request: CodeExchange | null) {
  return useQuery({
    queryKey: ['consent', request?.code ?? null],
    queryFn: request ? () => exchangeCode(request) : skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
