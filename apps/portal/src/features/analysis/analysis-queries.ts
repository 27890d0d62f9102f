import { useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DistributionType, LocationDataPeriod } from '@gridline/client/api-client';
import { client } from '../../shared/api/client.ts';
import { useIsSignedIn } from '../../shared/api/use-is-signed-in.ts';
import type { HistoryPeriod, KeyedPeriod } from './analysis-rules.ts';
import type { DataSource } from './data-source.ts';
import { stepped } from './period-keys.ts';

/**
 * The reads of the analysis page through TanStack Query. A period's data is kept five minutes
 * (readings arrive once a day); the neighbours of the period shown are fetched ahead, so that the
 * arrows show the next chart from the cache.
 */


const DATA_STALE_MS = 5 * 60_000;

const apiPeriod = (period: HistoryPeriod): LocationDataPeriod => (period === 'total' ? 'years' : period);

export const locationDataQuery = (source: DataSource, period: HistoryPeriod, key: string | null) =>
  queryOptions({
    queryKey: ['location-data', source.locationId, source.serviceId, period, period === 'total' ? null : key],
    queryFn: () => client.getLocationData(source.locationId, apiPeriod(period), period === 'total' ? null : key, { serviceId: source.serviceId }),
    staleTime: DATA_STALE_MS,
  });

/** A period of a service; failures are logged as warnings (spec 000 §7) and the page shows an empty chart. */
export function useLocationData(source: DataSource | null, period: HistoryPeriod, key: string | null, { enabled = true, keepPrevious = true } = {}) {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    ...locationDataQuery(source ?? { locationId: '', serviceId: '' }, period, key),
    enabled: signedIn && enabled && source !== null && (period === 'total' || key !== null),
    // While the next period loads (not yet prefetched), the last chart of the same service stays.
    placeholderData: (previous, previousQuery) =>
      keepPrevious && previousQuery?.queryKey[1] === source?.locationId && previousQuery?.queryKey[2] === source?.serviceId ? previous : undefined,
  });
  useWarnOnError(query.error, `period ${period} ${key ?? ''}`);
  return query;
}

/** Fetch the periods before and after ahead, within the arrows' limits. */
export function usePrefetchNeighbours(source: DataSource | null, period: HistoryPeriod, key: string | null, now: Date, timeZone: string, delayDays: number, ready: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!source || !ready || period === 'total' || !key) return;
    for (const direction of [-1, 1] as const) {
      const neighbour = stepped(period as KeyedPeriod, key, direction, now, timeZone, delayDays);
      if (neighbour) void queryClient.prefetchQuery(locationDataQuery(source, period, neighbour));
    }
  }, [queryClient, source, period, key, now, timeZone, delayDays, ready]);
}

/** The readings of one hour as metered (four quarters for a quarter-hour service). */
export function useHourReadings(source: DataSource | null, start: string | null) {
  const signedIn = useIsSignedIn();
  const end = start ? new Date(new Date(start).getTime() + 3_600_000).toISOString() : null;
  const query = useQuery({
    queryKey: ['hour-readings', source?.locationId, source?.serviceId, start],
    queryFn: () => client.getHourData(source?.locationId ?? '', start ?? '', end ?? '', source?.serviceId),
    enabled: signedIn && source !== null && start !== null,
    staleTime: DATA_STALE_MS,
  });
  useWarnOnError(query.error, `hour ${start ?? ''}`);
  return query;
}

export function useDistribution(source: DataSource | null, month: string, type: DistributionType) {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    queryKey: ['distribution', source?.locationId, source?.serviceId, month, type],
    queryFn: () => client.getDistribution(source?.locationId ?? '', month, type, source?.serviceId),
    enabled: signedIn && source !== null,
    staleTime: DATA_STALE_MS,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === source?.locationId ? previous : undefined),
  });
  useWarnOnError(query.error, `distribution ${month} ${type}`);
  return query;
}

export function useServicesData(locationId: string | null) {
  const signedIn = useIsSignedIn();
  const query = useQuery({
    queryKey: ['services-data', locationId],
    queryFn: () => client.getServicesData(locationId ?? ''),
    enabled: signedIn && locationId !== null,
    staleTime: DATA_STALE_MS,
  });
  useWarnOnError(query.error, 'services data');
  return query;
}

/** Failed data loads are only logged as warnings (spec 000 §7), never thrown. */
function useWarnOnError(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.warn(`Analysis: could not load ${what}`, error);
  }, [error, what]);
}
