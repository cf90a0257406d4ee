import { createContext, useContext, type ReactNode } from 'react';
import { httpNardiReportApi, type NardiReportApi } from './report-api';

const NardiReportApiContext = createContext<NardiReportApi>(httpNardiReportApi);

export interface NardiReportApiProviderProps {
  api: NardiReportApi;
  children?: ReactNode;
}

/** Puts another report API in place (tests). */
export function NardiReportApiProvider({ api, children }: NardiReportApiProviderProps) {
  return <NardiReportApiContext.Provider value={api}>{children}</NardiReportApiContext.Provider>;
}

export function useNardiReportApi(): NardiReportApi {
  return useContext(NardiReportApiContext);
}
