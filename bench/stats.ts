/** The value at or above which `p` % of the sorted values lie (nearest rank), as the benches print it. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
