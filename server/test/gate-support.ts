/** What the CPU gate's tests share: logins from a chosen address, and waiting for a burst's answers. */
import assert from 'node:assert/strict';
import { postFrom } from './from-address';
import type { Res } from './helpers';

export const login = (base: string, from: string, username: string, password = 'whatever1') =>
  postFrom(from, base, '/api/auth/login', { username, password });
export const isRefused = (r: Res) => r.body.data?.reason === 'rate_limited';
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves as soon as `condition` holds (polled every few ms); fails, rather than hangs, if it never does. */
export async function until(condition: () => boolean, what: () => string, limitMs = 20_000): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!condition()) {
    if (performance.now() > deadline) assert.fail(`still waiting for: ${what()}`);
    await sleep(5);
  }
}

/** Sends every request, and counts the answers as they arrive. */
export function burst(requests: (() => Promise<Res>)[]) {
  const progress = { answered: 0, all: Promise.resolve([] as Res[]) };
  progress.all = Promise.all(requests.map((send) => send().then((r) => (progress.answered++, r))));
  return progress;
}
