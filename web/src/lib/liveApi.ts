import { useQuery } from '@tanstack/react-query';
import type { DestinationsResponse, LiveResponse, RideHistoryResponse } from '@walkon/server';
import { ApiError } from './api.ts';

/**
 * GETs one of the cached read endpoints (`/api/live/…`, `/api/history/…`). The browser's HTTP cache
 * revalidates with the ETag, so an unchanged answer costs a 304.
 * @throws ApiError (lib/api.ts) with the server's message and `data.httpStatus`, or a sentence without data when
 * the network fails.
 */
export async function getJson<T>(url: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError('We could not reach WalkOn. Check your connection and try again.');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new ApiError(body?.error?.message ?? 'Error loading ride information', { httpStatus: res.status });
  }
  return (await res.json()) as T;
}

/** A park's live table (rides, trend, today's sparkline, hours), refreshed every minute. */
export function useLivePark(parkId: string) {
  return useQuery({
    queryKey: ['live', parkId],
    queryFn: () => getJson<LiveResponse>(`/api/live/${encodeURIComponent(parkId)}`),
    refetchInterval: 60_000,
  });
}

/** One ride's page (today, typical day, best times, return times), refreshed every minute. */
export function useRideHistory(parkId: string, attractionId: string) {
  return useQuery({
    queryKey: ['rideHistory', parkId, attractionId],
    queryFn: () => getJson<RideHistoryResponse>(`/api/history/${encodeURIComponent(parkId)}/${encodeURIComponent(attractionId)}`),
    refetchInterval: 60_000,
  });
}

/** Every destination with its parks, popular first (docs/spec/part-1.md §2), from the cached read API; fresh for 10 minutes. */
export function useDestinations() {
  return useQuery({
    queryKey: ['destinations'],
    queryFn: () => getJson<DestinationsResponse>('/api/destinations'),
    staleTime: 10 * 60_000,
  });
}

export type { LiveResponse, RideHistoryResponse };
