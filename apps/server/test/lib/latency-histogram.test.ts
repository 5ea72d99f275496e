import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from '../../src/lib/latency-histogram';

const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const name = 'coride_http_request_duration_seconds';
const help = 'HTTP request latency by route pattern, method and status class';

/** The same observations through prom-client's Histogram, the format Prometheus scrapers already read. */
async function promClientText(observations: [string, string, number, number][]): Promise<string> {
  const registry = new Registry();
  const histogram = new Histogram({ name, help, labelNames: ['route', 'method', 'status_class'] as const, buckets, registers: [registry] });
  for (const [route, method, status, seconds] of observations) {
    histogram.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  }
  return (await registry.metrics()).trimEnd();
}

describe('LatencyHistogram', () => {
  it('writes what prom-client writes for the same observations', async () => {
    const observations: [string, string, number, number][] = [
      ['/api/users/me', 'GET', 200, 0.0012],
      ['/api/users/me', 'GET', 200, 0.005],
      ['/api/users/me', 'GET', 401, 0.0004],
      ['/api/rides/:id', 'GET', 404, 0.03],
      ['/api/rides', 'POST', 201, 0.26],
      ['/api/users/me', 'PATCH', 200, 12],
      ['/api/users/me', 'GET', 200, 0.01],
      ['unmatched', 'GET', 404, 0.0001],
      ['/api/rides', 'POST', 503, 1],
      ['/api/rides', 'POST', 101, 0.002],
      ['/api/rides', 'POST', 799, 0.002],
      ['/api/odd "route"\\with\nbreaks', 'GET', 200, 0.5],
    ];
    const histogram = new LatencyHistogram(name, help, buckets);
    for (const [route, method, status, seconds] of observations) histogram.observe(route, method, status, seconds);
    expect(histogram.text()).toBe(await promClientText(observations));
  });

  it('puts a value on a bound in that bound’s bucket, and counts each series apart', () => {
    const histogram = new LatencyHistogram(name, help, [0.1, 1]);
    histogram.observe('/a', 'GET', 200, 0.1);
    histogram.observe('/a', 'GET', 200, 0.5);
    histogram.observe('/a', 'GET', 500, 3);
    const lines = histogram.text().split('\n');
    expect(lines).toContain(`${name}_bucket{le="0.1",route="/a",method="GET",status_class="2xx"} 1`);
    expect(lines).toContain(`${name}_bucket{le="1",route="/a",method="GET",status_class="2xx"} 2`);
    expect(lines).toContain(`${name}_bucket{le="+Inf",route="/a",method="GET",status_class="5xx"} 1`);
    expect(lines).toContain(`${name}_bucket{le="1",route="/a",method="GET",status_class="5xx"} 0`);
    expect(lines).toContain(`${name}_sum{route="/a",method="GET",status_class="2xx"} 0.6`);
    expect(lines).toContain(`${name}_count{route="/a",method="GET",status_class="2xx"} 2`);
  });
});
