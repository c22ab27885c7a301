/**
 * Added latency per call, so the gateway meets the real service's round trips (roughly 100-400 ms a call) in
 * rehearsal: `--latency 150` adds 150 ms to every answer, `--latency 100-400` a uniformly drawn time in range.
 */

export interface Latency {
  min: number;
  max: number;
}

export function parseLatency(text: string): Latency {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!match) throw new Error(`latency must be milliseconds (150) or a range (100-400), got "${text}"`);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new Error(`latency range ${text} ends before it starts`);
  return { min, max };
}

export function latencyDelay({ min, max }: Latency): number {
  return min === max ? min : min + Math.random() * (max - min);
}
