// One read shared by every caller that asks while it waits to start: each caller gets the answer of a read that
// began after it asked, and however many ask at once, at most one read runs and one waits behind it. For a value
// that only moves forward and whose newer answer is as good for everyone (the event feed's horizon): a hundred
// subscriptions opened together took a hundred reads, each a round trip to every Citus worker.
export class FreshReads<T> {
  private running: Promise<T> | null = null;
  private waiting: Promise<T> | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  /** The answer of a read that starts now, or after the one running (which began before this call). */
  next(): Promise<T> {
    if (!this.running) return this.start();
    // The running read may have begun before this caller asked: the next one is its answer.
    this.waiting ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.waiting = null;
        return this.start();
      });
    return this.waiting;
  }

  private start(): Promise<T> {
    const run = this.read();
    this.running = run;
    const done = () => {
      if (this.running === run) this.running = null;
    };
    run.then(done, done);
    return run;
  }
}
