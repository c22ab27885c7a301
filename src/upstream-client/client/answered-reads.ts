// The GETs one request made, by path, in the order it made them, with how each ended: so that the
// same request can be executed a second time from the same upstream answers (a compiled answer
// computed again by graphql-js: docs/architecture.md, "Execution"). Reading the upstream again
// would not give what the first run read: a fault answered once, a 429, the quota counted twice.

export class AnsweredReads {
  readonly #answers = new Map<string, Promise<unknown>[]>();

  add(path: string, answer: Promise<unknown>): void {
    const answers = this.#answers.get(path);
    if (answers) answers.push(answer);
    else this.#answers.set(path, [answer]);
  }

  /** An answer is left for `path`. */
  has(path: string): boolean {
    return (this.#answers.get(path)?.length ?? 0) > 0;
  }

  /**
   * The next answer recorded for `path`, settled as an answer from the network is: after all the
   * work already queued (the first run's answers were not there before it); undefined when none is left.
   */
  next(path: string): Promise<unknown> | undefined {
    const answer = this.#answers.get(path)?.shift();
    if (!answer) return undefined;
    return new Promise((resolve, reject) => {
      setImmediate(() => void answer.then(resolve, reject));
    });
  }
}
