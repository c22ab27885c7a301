// `graphql_executions_total{executor, reason}`: which engine ran each operation and why, so a
// fallback from compiled execution to graphql-js is visible in /metrics.
import { Counter, type Registry } from 'prom-client';

/** Why an operation ran where it did (the `reason` label). */
export type ExecutionReason = 'compiled' | 'subscription' | 'tracing' | 'uncompilable';
export type Executor = 'graphql-jit' | 'graphql-js';
export type ExecutionCounter = (executor: Executor, reason: ExecutionReason) => void;

const PATHS: Record<Executor, ExecutionReason[]> = {
  'graphql-jit': ['compiled'],
  'graphql-js': ['subscription', 'tracing', 'uncompilable'],
};

/**
 * Registers the counter on `registry`. Every executor/reason pair is bound once at startup (so
 * each shows in /metrics from 0, and counting an operation allocates nothing).
 */
export function executionCounter(registry: Registry): ExecutionCounter {
  const counter = new Counter({
    name: 'graphql_executions_total',
    help: 'GraphQL operations executed, by executor (graphql-jit or graphql-js) and reason (compiled, subscription, tracing, uncompilable).',
    labelNames: ['executor', 'reason'],
    registers: [registry],
  });
  const children = {} as Record<Executor, Partial<Record<ExecutionReason, Counter.Internal>>>;
  for (const [executor, reasons] of Object.entries(PATHS) as [Executor, ExecutionReason[]][]) {
    children[executor] = {};
    for (const reason of reasons) children[executor][reason] = counter.labels(executor, reason);
  }
  return (executor, reason) => children[executor][reason]?.inc();
}
