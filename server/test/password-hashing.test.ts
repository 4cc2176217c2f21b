import { describe, expect, it } from 'vitest';
import { hashPassword } from 'better-auth/crypto';
import {
  defaultHashConcurrency,
  limitedPasswordHashing,
  taskLimiter,
} from '../src/auth/password-hashing.ts';

/** A promise and the function that resolves it. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((res) => (resolve = res));
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('taskLimiter', () => {
  it('runs at most its number of tasks at once, the others in the order they came', async () => {
    const limit = taskLimiter(2);
    const [a, b, c, d] = [deferred(), deferred(), deferred(), deferred()];
    const gates = [a, b, c, d];
    const started: number[] = [];
    const results = gates.map((gate, i) =>
      limit(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await tick();
    expect([started, limit.running, limit.waiting]).toEqual([[0, 1], 2, 2]);
    b.resolve();
    await tick();
    expect([started, limit.running, limit.waiting]).toEqual([[0, 1, 2], 2, 1]);
    a.resolve();
    c.resolve();
    d.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const limit = taskLimiter(1);
    const failing = limit(() => Promise.reject(new Error('no')));
    const next = limit(async () => 'ran');
    await expect(failing).rejects.toThrow('no');
    await expect(next).resolves.toBe('ran');
    expect(limit.running).toBe(0);
  });

  it('refuses a concurrency that is not a whole number of at least one', () => {
    expect(() => taskLimiter(0)).toThrow(RangeError);
    expect(() => taskLimiter(1.5)).toThrow(RangeError);
  });
});

describe('limitedPasswordHashing', () => {
  it('keeps a core for the server: one hash at a time on two cores, never none', () => {
    expect([1, 2, 4, 8].map((cores) => defaultHashConcurrency(cores))).toEqual([1, 1, 3, 7]);
  });

  it('hashes one at a time and verifies the hashes Better Auth has always written', async () => {
    const hashing = limitedPasswordHashing(1);
    const written = await hashPassword('an older password');
    const firstHash = hashing.hash('first password');
    const others = [hashing.hash('second password'), hashing.hash('third password')];
    expect([hashing.limit.running, hashing.limit.waiting]).toEqual([1, 2]);
    const first = await firstHash;
    await Promise.all(others);
    expect(first).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hashing.verify({ hash: first, password: 'first password' })).toBe(true);
    expect(await hashing.verify({ hash: first, password: 'second password' })).toBe(false);
    expect(await hashing.verify({ hash: written, password: 'an older password' })).toBe(true);
  });
});
