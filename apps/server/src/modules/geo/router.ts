import { estimateRoute, type LatLng } from '@coride/domain';

export type Route = { distanceMiles: number; durationMinutes: number; source: 'estimate' | 'router' };

/** Road distance and time between two points. */
export interface RouteProvider {
  route(from: LatLng, to: LatLng): Promise<Route>;
}

/** Haversine × road factor, 2.5 minutes a mile: no network needed. */
export class EstimateRouter implements RouteProvider {
  async route(from: LatLng, to: LatLng): Promise<Route> {
    return { ...estimateRoute(from, to), source: 'estimate' };
  }
}

/** An OSRM-compatible service at ROUTER_URL, falling back to the estimate when it fails. */
export class OsrmRouter implements RouteProvider {
  constructor(
    private readonly baseUrl: string,
    private readonly fallback: RouteProvider = new EstimateRouter(),
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 3000,
  ) {}

  async route(from: LatLng, to: LatLng): Promise<Route> {
    const base = this.baseUrl.replace(/\/$/, '');
    const url = `${base}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=false`;
    try {
      const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      if (!response.ok) throw new Error(`router answered ${response.status}`);
      const body = (await response.json()) as { code?: string; routes?: { distance: number; duration: number }[] };
      const best = body.routes?.[0];
      if (body.code !== 'Ok' || !best) throw new Error(`router found no route (${body.code})`);
      return {
        distanceMiles: Math.round((best.distance / 1609.344) * 10) / 10,
        durationMinutes: Math.max(1, Math.round(best.duration / 60)),
        source: 'router',
      };
    } catch {
      return this.fallback.route(from, to);
    }
  }
}
