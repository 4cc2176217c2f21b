import os from 'node:os';
import { hashPassword, verifyPassword } from 'better-auth/crypto';

/**
 * How many password hashes run at once by default: one fewer than the cores, at least one, so
 * that a burst of sign-ins never takes the core the server's own thread runs on.
 */
export function defaultHashConcurrency(cores = os.availableParallelism()) {
  return Math.max(1, cores - 1);
}

/** Runs at most `concurrency` of the tasks given to it at once, the others in turn (FIFO). */
export function taskLimiter(concurrency: number) {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a whole number of at least 1, not ${concurrency}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  const run = async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot goes straight to the next task in line, or is freed.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
  // Object.assign would copy the counts once; these read them at each look.
  return Object.defineProperties(run, {
    running: { get: () => running },
    waiting: { get: () => waiting.length },
  }) as typeof run & { readonly running: number; readonly waiting: number };
}

/**
 * Better Auth's own password hashing (scrypt, N 16384, r 16: the hashes it has always written),
 * held to `concurrency` hashes at once (docs/decisions/037). Each hash fills a 32 MiB buffer
 * for its 60-70 ms on Node's thread pool, which runs four at a time: a burst of sign-ins
 * raised the server's resident size by 128 MiB and kept every pool thread busy. Held to one at
 * a time on two cores, a sign-in burst costs 32 MiB and leaves the server's core alone.
 */
export function limitedPasswordHashing(concurrency = defaultHashConcurrency()) {
  const limit = taskLimiter(concurrency);
  return {
    hash: (password: string) => limit(() => hashPassword(password)),
    verify: (data: { hash: string; password: string }) => limit(() => verifyPassword(data)),
    /** The limiter, to see how many hashes run and wait. */
    limit,
  };
}
