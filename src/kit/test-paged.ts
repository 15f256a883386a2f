/**
 * Test support for the paged source's tests and the paged list's tests, imported by them only: a fetchPage the
 * test answers by hand, and the rows and page contents they page through.
 */
import type { Page } from './paged';
import { deferred } from '../../test/browser/support/deferred';

export interface Row {
  id: number;
  month: string;
  amount: number;
}

interface Call<T> {
  page: number;
  key: string;
  signal: AbortSignal;
  answer: ReturnType<typeof deferred<Page<T>>>;
}

/** fetchPage whose every call (page, key, signal) is recorded and answered by the test. */
export function controlledPages<T = string>() {
  const calls: Call<T>[] = [];
  const fetchPage = (page: number, signal: AbortSignal, key: string) => {
    const answer = deferred<Page<T>>();
    calls.push({ page, key, signal, answer });
    return answer.promise;
  };
  return {
    fetchPage,
    calls,
    last: () => calls[calls.length - 1],
    asked: () => calls.map((c) => `${c.key}:${c.page}`),
  };
}

/** Lets settled promises' reactions run (one task: every microtask queued before it has run). */
export const flush = () => new Promise<void>((ok) => setTimeout(ok, 0));

/** Page `page` of key `key`: `n` names that say where they came from (`a2-0`: key a, page 2, first item). */
export const names = (key: string, page: number, n: number) =>
  Array.from({ length: n }, (_, i) => `${key}${page}-${i}`);
