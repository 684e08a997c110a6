/** Label values of one series, e.g. `{ route: "/slack/events", status: "200" }`. */
export type Labels = Record<string, string>;

export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

export interface Histogram {
  observe(labels: Labels, value: number): void;
}

/** Values read when Prometheus scrapes (queue depths): each call returns the current series. */
export type GaugeReader = () => Promise<Array<{ labels: Labels; value: number }>>;

export interface MetricsRegistry {
  counter(name: string, help: string): Counter;
  histogram(name: string, help: string, buckets: number[]): Histogram;
  gauge(name: string, help: string, read: GaugeReader): void;
  /** The Prometheus text exposition format (version 0.0.4). */
  render(): Promise<string>;
}

const key = (labels: Labels) => JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
const format = (labels: Labels, extra: Labels = {}) => {
  const all = { ...labels, ...extra };
  // Prometheus escapes backslash, double quote and line feed in label values.
  const escapeLabel = (value: string) =>
    value.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
  const parts = Object.entries(all).map(([name, value]) => `${name}="${escapeLabel(value)}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
};

/**
 * A small metrics registry for Baton's own process: counters, histograms and gauges read at
 * scrape time, rendered in Prometheus's text format. Series are created on first use.
 */
export function createMetricsRegistry(): MetricsRegistry {
  const blocks: Array<() => Promise<string[]>> = [];

  return {
    counter(name, help) {
      const series = new Map<string, { labels: Labels; value: number }>();
      blocks.push(async () => [
        `# HELP ${name} ${help}`,
        `# TYPE ${name} counter`,
        ...[...series.values()].map((s) => `${name}${format(s.labels)} ${s.value}`),
      ]);
      return {
        inc(labels = {}, by = 1) {
          const id = key(labels);
          const entry = series.get(id) ?? { labels, value: 0 };
          entry.value += by;
          series.set(id, entry);
        },
      };
    },
    histogram(name, help, buckets) {
      const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
      blocks.push(async () => [
        `# HELP ${name} ${help}`,
        `# TYPE ${name} histogram`,
        ...[...series.values()].flatMap((s) => [
          ...buckets.map((le, i) => `${name}_bucket${format(s.labels, { le: String(le) })} ${s.counts[i]}`),
          `${name}_bucket${format(s.labels, { le: "+Inf" })} ${s.count}`,
          `${name}_sum${format(s.labels)} ${s.sum}`,
          `${name}_count${format(s.labels)} ${s.count}`,
        ]),
      ]);
      return {
        observe(labels, value) {
          const id = key(labels);
          const entry = series.get(id) ?? { labels, counts: buckets.map(() => 0), sum: 0, count: 0 };
          buckets.forEach((le, i) => {
            if (value <= le) entry.counts[i] = (entry.counts[i] ?? 0) + 1;
          });
          entry.sum += value;
          entry.count += 1;
          series.set(id, entry);
        },
      };
    },
    gauge(name, help, read) {
      blocks.push(async () => [
        `# HELP ${name} ${help}`,
        `# TYPE ${name} gauge`,
        ...(await read()).map((s) => `${name}${format(s.labels)} ${s.value}`),
      ]);
    },
    async render() {
      const lines = (await Promise.all(blocks.map((block) => block()))).flat();
      return `${lines.join("\n")}\n`;
    },
  };
}
