// `graphql_executions_total{executor, reason}`: which engine ran each operation and why, so a
// fallback from compiled execution to graphql-js is visible in /metrics.
import type { Registry } from 'prom-client';
import { FastCounter, type CounterSeries } from '../metric-series.ts';
import { INELIGIBILITIES, type Ineligibility } from './eligibility.ts';

/**
 * Why an operation ran where it did (the `reason` label): `compiled`; or, on graphql-js, no
 * operation resolved, federated tracing, variables graphql-js refused, a condition it could not
 * evaluate, more condition vectors than compiled-executor.ts keeps, refused by graphql-jit, a
 * compiled answer computed again (compiled-executor.ts), or one of eligibility.ts's reasons.
 */
export type ExecutionReason = 'compiled' | 'no-operation' | 'tracing' | 'variables' | 'condition' | 'variants' | 'uncompilable' | 'recomputed' | Ineligibility;
export type Executor = 'graphql-jit' | 'graphql-js';
export type ExecutionCounter = (executor: Executor, reason: ExecutionReason) => void;

const PATHS: Record<Executor, readonly ExecutionReason[]> = {
  'graphql-jit': ['compiled'],
  'graphql-js': ['no-operation', 'tracing', 'variables', 'condition', 'variants', 'uncompilable', 'recomputed', ...INELIGIBILITIES],
};

/**
 * Registers the counter on `registry`. Every executor/reason pair is bound once at startup and
 * shows in /metrics from 0; counting an operation adds to a bound series (src/metric-series.ts).
 */
export function executionCounter(registry: Registry): ExecutionCounter {
  const counter = new FastCounter(
    'graphql_executions_total',
    'GraphQL operations executed, by executor (graphql-jit or graphql-js) and reason (compiled, or why graphql-js ran it: src/execution/eligibility.ts).',
    ['executor', 'reason'],
    registry,
  );
  const children = {} as Record<Executor, Partial<Record<ExecutionReason, CounterSeries>>>;
  for (const [executor, reasons] of Object.entries(PATHS) as [Executor, readonly ExecutionReason[]][]) {
    children[executor] = {};
    for (const reason of reasons) (children[executor][reason] = counter.series(executor, reason)).inc(0);
  }
  return (executor, reason) => children[executor][reason]?.inc();
}
