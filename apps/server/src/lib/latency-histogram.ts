/**
 * The HTTP latency histogram (route pattern, method, status class), kept for the request path and
 * written out in the Prometheus text format exactly as prom-client writes its histograms. Every
 * answer is observed, so an observation is a few array writes on a series found through two map
 * lookups, where prom-client's Histogram validates, sorts and hashes the label object and looks its
 * bucket up by a number-to-string key on each call (about half a microsecond a request, bench/api.ts).
 */

/** One route, method and status class: a count per bucket (the last is +Inf), their sum and count. */
type Series = { readonly labels: string; readonly counts: number[]; sum: number; count: number };

/** node:http sends statuses 100-999: classes 1xx to 9xx, one slot each (0 is never used). */
const STATUS_CLASSES = 10;

/** The text format escapes backslashes and line feeds, and double quotes inside label values. */
const escapeLabelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const escapeHelp = (text: string) => text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

export class LatencyHistogram {
  /** route -> method -> series by status class index. */
  private readonly byRoute = new Map<string, Map<string, (Series | undefined)[]>>();
  private readonly series: Series[] = [];

  constructor(
    readonly name: string,
    private readonly help: string,
    /** Upper bounds in seconds, ascending. */
    private readonly buckets: readonly number[],
  ) {}

  observe(route: string, method: string, statusCode: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (!byMethod) this.byRoute.set(route, (byMethod = new Map()));
    let byClass = byMethod.get(method);
    if (!byClass) byMethod.set(method, (byClass = new Array<Series | undefined>(STATUS_CLASSES)));
    const statusClass = Math.min(STATUS_CLASSES - 1, Math.max(0, Math.floor(statusCode / 100)));
    let series = byClass[statusClass];
    if (!series) {
      const labels = `route="${escapeLabelValue(route)}",method="${escapeLabelValue(method)}",status_class="${statusClass}xx"`;
      series = { labels, counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0, count: 0 };
      byClass[statusClass] = series;
      this.series.push(series);
    }
    let bucket = 0;
    while (bucket < this.buckets.length && seconds > this.buckets[bucket]!) bucket += 1;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The text exposition: HELP, TYPE, then per series its cumulative buckets, +Inf, sum and count. */
  text(): string {
    const lines = [`# HELP ${this.name} ${escapeHelp(this.help)}`, `# TYPE ${this.name} histogram`];
    for (const series of this.series) {
      let cumulative = 0;
      this.buckets.forEach((bound, bucket) => {
        cumulative += series.counts[bucket]!;
        lines.push(`${this.name}_bucket{le="${bound}",${series.labels}} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket{le="+Inf",${series.labels}} ${series.count}`);
      lines.push(`${this.name}_sum{${series.labels}} ${series.sum}`);
      lines.push(`${this.name}_count{${series.labels}} ${series.count}`);
    }
    return lines.join('\n');
  }
}
