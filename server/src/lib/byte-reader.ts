/** A stream that ended before the bytes asked for, or a line longer than allowed. */
export class ByteStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ByteStreamError';
  }
}

/** Reads exact byte counts, and lines, from a stream of chunks. */
export class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private readonly source: AsyncIterator<Buffer | string>;

  constructor(source: AsyncIterable<Buffer | string>) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** Pulls one more chunk; false at the end of the stream. */
  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    return true;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.chunks = rest.length ? [rest] : [];
    this.buffered = rest.length;
    return out;
  }

  /** Exactly `n` bytes; null when the stream ended before the first of them, else an error. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buffered < n) {
      if (!(await this.pull())) {
        if (this.buffered === 0) return null;
        throw new ByteStreamError(`the stream ended ${n - this.buffered} bytes short`);
      }
    }
    return this.take(n);
  }

  /** The bytes before the next `\n` (which is consumed), at most `max` of them. */
  async readLine(max: number): Promise<string | null> {
    for (;;) {
      const all = Buffer.concat(this.chunks);
      this.chunks = all.length ? [all] : [];
      const end = all.indexOf(10);
      if (end >= 0) {
        const line = this.take(end + 1);
        return line.subarray(0, end).toString('utf8');
      }
      if (all.length > max) throw new ByteStreamError(`a line longer than ${max} bytes`);
      if (!(await this.pull())) return null;
    }
  }

  /** The next `n` bytes as chunks, without holding them all; an error if the stream ends first. */
  async *chunksOf(n: number): AsyncGenerator<Buffer> {
    let left = n;
    while (left > 0) {
      if (this.buffered === 0 && !(await this.pull()))
        throw new ByteStreamError(`the stream ended ${left} bytes short`);
      if (this.buffered === 0) continue;
      const chunk = this.take(Math.min(left, this.buffered));
      left -= chunk.length;
      yield chunk;
    }
  }
}
