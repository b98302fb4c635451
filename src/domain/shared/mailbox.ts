// A stream of values pushed by one side and read with for-await by the other: what a live subscription hands
// its reader. Values wait in order until read; end() finishes the stream (after what is waiting), with an error
// when given; the reader's return() (it went away) finishes it too. `onEnd` runs once, however it ends.
export class Mailbox<T> implements AsyncIterableIterator<T> {
  private readonly waiting: T[] = [];
  private reader: ((result: IteratorResult<T>) => void) | null = null;
  private failReader: ((error: unknown) => void) | null = null;
  private ended = false;
  private error: unknown = null;

  constructor(private readonly onEnd: () => void = () => {}) {}

  push(value: T): void {
    if (this.ended) return;
    if (this.reader) {
      const read = this.reader;
      this.reader = this.failReader = null;
      read({ value, done: false });
    } else {
      this.waiting.push(value);
    }
  }

  /** Finishes the stream once what is waiting has been read; with `error`, the reader's next read throws it. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.error = error ?? null;
    this.onEnd();
    if (this.reader) {
      const [read, fail] = [this.reader, this.failReader!];
      this.reader = this.failReader = null;
      if (this.error) fail(this.error);
      else read({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<T>> {
    if (this.waiting.length > 0) return Promise.resolve({ value: this.waiting.shift()!, done: false });
    if (this.ended) {
      const error = this.error;
      this.error = null;
      return error ? Promise.reject(error) : Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve, reject) => {
      this.reader = resolve;
      this.failReader = reject;
    });
  }

  return(): Promise<IteratorResult<T>> {
    this.waiting.length = 0;
    this.error = null;
    this.end();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }
}
