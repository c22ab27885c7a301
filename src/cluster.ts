// Every core: with WORKERS=N, the primary process forks N gateway workers that share one
// listening port (node:cluster), replaces a worker that dies, and on SIGTERM lets every
// worker drain before it exits. `/metrics`, answered by whichever worker got the request,
// serves the sum over all workers: the worker asks the primary, which collects every
// worker's registry with prom-client's AggregatorRegistry. Without Redis, the primary also relays
// each worker's cache invalidations to the others (cluster-invalidations.ts) and keeps the record of
// spent MCP confirmation tokens (cluster-spent-tokens.ts).
import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type PrometheusContentType, type Registry } from 'prom-client';
import { InvalidationRelay } from './cluster-invalidations.ts';
import { SpentTokenLedger } from './cluster-spent-tokens.ts';

interface MetricsRequest {
  type: 'gateway:metrics-request';
  id: number;
}
interface MetricsResponse {
  type: 'gateway:metrics-response';
  id: number;
  text?: string;
  error?: string;
}

export interface PrimaryOptions {
  workers: number;
  /** Extra environment of every worker (e.g. the embedded upstream's URL). */
  workerEnv?: Record<string, string>;
  /** Called once, when all workers listen on the shared port. */
  onListening(port: number): void;
  log(message: string, fields?: Record<string, unknown>): void;
}

export interface RunningPrimary {
  /** SIGTERM to every worker (each drains its own requests); resolves when all have exited. */
  stop(): Promise<void>;
}

/** Forks the workers and keeps N of them alive until `stop()`. */
export function startPrimary(options: PrimaryOptions): RunningPrimary {
  const aggregator = new AggregatorRegistry<PrometheusContentType>();
  let stopping = false;
  let listening = 0;

  const relay = new InvalidationRelay(liveWorkers);
  const spentTokens = new SpentTokenLedger();
  const fork = (): Worker => {
    const worker = cluster.fork(options.workerEnv);
    worker.on('message', (message: unknown) => {
      void answerMetrics(worker, aggregator, message);
      relay.heard(worker, message);
      spentTokens.heard(worker, message);
    });
    return worker;
  };
  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === options.workers) options.onListening(address.port);
  });
  cluster.on('exit', (worker, code, signal) => {
    relay.exited(worker);
    if (stopping) return;
    options.log('worker died; starting a replacement', { pid: worker.process.pid, code, signal });
    fork();
  });
  for (let i = 0; i < options.workers; i += 1) fork();

  return {
    async stop() {
      stopping = true;
      const workers = liveWorkers();
      await Promise.all(
        workers.map(
          (worker) =>
            new Promise<void>((resolve) => {
              worker.once('exit', () => resolve());
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/** The workers that have not exited. */
function liveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
}

async function answerMetrics(worker: Worker, aggregator: AggregatorRegistry<PrometheusContentType>, message: unknown): Promise<void> {
  if ((message as MetricsRequest | null)?.type !== 'gateway:metrics-request') return;
  const { id } = message as MetricsRequest;
  let response: MetricsResponse;
  try {
    response = { type: 'gateway:metrics-response', id, text: await aggregator.clusterMetrics() };
  } catch (error) {
    response = { type: 'gateway:metrics-response', id, error: (error as Error).message };
  }
  if (!worker.isDead()) worker.send(response);
}

/** In a worker: lets the primary's aggregation read this worker's `registry`. */
export function shareWorkerMetrics(registry: Registry): void {
  // Constructing one is what makes prom-client answer the primary's requests in this worker.
  new AggregatorRegistry<PrometheusContentType>();
  AggregatorRegistry.setRegistries([registry]);
}

let nextMetricsRequest = 0;

/** In a worker: what `/metrics` serves, the sum over all workers (this worker's own `local` when the primary does not answer). */
export function clusterMetricsText(local: Registry): Promise<string> {
  return new Promise<string>((resolve) => {
    const id = (nextMetricsRequest += 1);
    const onMessage = (message: unknown) => {
      const response = message as MetricsResponse | null;
      if (response?.type === 'gateway:metrics-response' && response.id === id) done(response.text);
    };
    const done = (text: string | undefined) => {
      clearTimeout(timer);
      process.off('message', onMessage);
      if (text !== undefined) resolve(text);
      else void local.metrics().then(resolve);
    };
    // Longer than the primary's own 5 s wait for the workers' answers.
    const timer = setTimeout(() => done(undefined), 6000);
    process.on('message', onMessage);
    process.send?.({ type: 'gateway:metrics-request', id } satisfies MetricsRequest);
  });
}
