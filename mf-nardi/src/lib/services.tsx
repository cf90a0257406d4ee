import { createContext, useContext, type ReactNode } from 'react';
import { httpNardiApi, type NardiApi } from '../api/nardi-api';
import { createScoresCache, type ScoresCache } from './scores-cache';

/** What the Nardi screens talk to: the study's API and the part-one scores of this page view. */
export interface NardiServices {
  api: NardiApi;
  scores: ScoresCache;
}

// One cache for the whole remote: the routes of parts one to four share it as the participant moves on.
const defaultServices: NardiServices = { api: httpNardiApi, scores: createScoresCache() };

const NardiServicesContext = createContext<NardiServices>(defaultServices);

export interface NardiServicesProviderProps {
  services: NardiServices;
  children?: ReactNode;
}

/** Puts other services in place (tests). */
export function NardiServicesProvider({ services, children }: NardiServicesProviderProps) {
  return <NardiServicesContext.Provider value={services}>{children}</NardiServicesContext.Provider>;
}

export function useNardiServices(): NardiServices {
  return useContext(NardiServicesContext);
}
