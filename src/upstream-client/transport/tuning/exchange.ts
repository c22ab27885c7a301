// Performance-only: one upstream call on the wire through undici's dispatcher handler API
// (docs/performance.md): the request goes out, the answer's status, headers and body chunks come
// back, the body read up to a size cap. Always on: it is the one path to the wire. undici's plain
// `pool.request()`, measured in its place, cost 15-42% more CPU per request on the one-project,
// 50-flag and nodes(ids:) scenarios: it builds for every call an async resource, a Readable stream
// for the body with its abort wiring, and needs stream events and a promise to read a body the
// gateway reads whole anyway. Imported only by http.ts, response.ts and body-release.ts (test/gateway/layers.test.ts).
import type { Dispatcher } from 'undici';
import type { CallSignal } from './call-signal.ts';
import { UpstreamError } from '../upstream-error.ts';

export type AnswerHeaders = Record<string, string | string[] | undefined>;

/** A whole answer: its status, headers and body as the socket delivered it. */
export interface Answer {
  status: number;
  headers: AnswerHeaders;
  /** The body's chunks, views of the socket reads (body-release.ts `useBody` frees them). */
  chunks: Buffer[];
  size: number;
}

interface Call {
  method: string;
  route: string;
}

/** Why the exchange stopped: the caller's signal fired (the caller knows why). */
export class ExchangeAborted extends Error {
  override name = 'ExchangeAborted';
}

/**
 * Sends one request and collects its answer. `status` is known once the answer's head arrived,
 * so a failure while the body is read can still name it. A body past `maxBytes` (declared or
 * read) drops the connection rather than reading on, and fails as kind `malformed`.
 */
export class Exchange implements Dispatcher.DispatchHandler {
  /** The answer's status once its head arrived, else null. */
  status: number | null = null;
  readonly #call: Call;
  readonly #signal: CallSignal;
  readonly #maxBytes: number;
  #headers: AnswerHeaders = {};
  #chunks: Buffer[] = [];
  #size = 0;
  #controller: Dispatcher.DispatchController | null = null;
  #resolve: (answer: Answer) => void = noop;
  #reject: (error: unknown) => void = noop;
  readonly #onAbort = () => this.#controller?.abort(new ExchangeAborted(String(this.#signal.reason)));

  constructor(call: Call, signal: CallSignal, maxBytes: number) {
    this.#call = call;
    this.#signal = signal;
    this.#maxBytes = maxBytes;
  }

  /** Dispatches `request` on `dispatcher`; resolves to the whole answer, rejects as the exchange failed. */
  send(dispatcher: Dispatcher, request: Dispatcher.DispatchOptions): Promise<Answer> {
    const answer = new Promise<Answer>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    dispatcher.dispatch(request, this);
    return answer;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
    // A signal that fired while the request waited for its connection aborts it now.
    this.#signal.addEventListener('abort', this.#onAbort);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: AnswerHeaders): void {
    // 1xx heads (100 Continue) come before the answer's own.
    if (statusCode < 200) return;
    this.status = statusCode;
    this.#headers = headers;
    const declared = Number(headers['content-length']);
    if (Number.isFinite(declared) && declared > this.#maxBytes) controller.abort(this.#tooLarge());
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.#size += chunk.length;
    if (this.#size > this.#maxBytes) controller.abort(this.#tooLarge());
    else this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    this.#settle();
    this.#resolve({ status: this.status!, headers: this.#headers, chunks: this.#chunks, size: this.#size });
  }

  onResponseError(_controller: Dispatcher.DispatchController | null, error: Error): void {
    this.#settle();
    this.#chunks = [];
    this.#reject(error);
  }

  #settle(): void {
    this.#signal.removeEventListener('abort', this.#onAbort);
  }

  #tooLarge(): UpstreamError {
    return new UpstreamError({
      kind: 'malformed',
      status: this.status,
      body: null,
      route: this.#call.route,
      message: `Upstream ${this.#call.method} ${this.#call.route} answered more than ${this.#maxBytes} bytes`,
    });
  }
}

function noop(): void {}
