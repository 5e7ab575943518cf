/** The numbers the benchmarks print (docs/benchmarks.md): percentiles, medians and the machine they ran on. */
import os from 'node:os';

/** The `p`-th percentile (0–100) of `values`, nearest rank; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** The middle of `values` once sorted (the upper one of an even count); 0 for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

/**
 * What a benchmark's title says of when and where it ran:
 * `{ISO minute}Z, {n} cores ({CPU model}), [{memory} GB, ]Node {version}, load {1, 5, 15 min}`;
 * the memory only when `memory` is set.
 */
export function machineSummary({ memory = false }: { memory?: boolean } = {}): string {
  const load = os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const cores = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})`;
  const gigabytes = memory ? `${Math.round(os.totalmem() / 2 ** 30)} GB, ` : '';
  return `${new Date().toISOString().slice(0, 16)}Z, ${cores}, ${gigabytes}Node ${process.version}, load ${load}`;
}
