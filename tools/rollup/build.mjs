// `npm run build`: the builds of rollup.config.mjs, two at a time on two threads, where `rollup -c` runs them one after
// another. A build spends most of its time on one core (TypeScript, then rollup itself), and no build reads another's
// output, so on a machine with two cores or more the whole takes about half as long. `npx rollup -c` still makes the
// same files. More threads would cost about a gigabyte of memory each for little: four of the builds carry the weight.
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { relative } from 'node:path';
import { Worker, isMainThread, workerData, parentPort } from 'node:worker_threads';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';

const root = fileURLToPath(new URL('../../', import.meta.url));
const config = `${root}rollup.config.mjs`;
const THREADS = Math.min(2, availableParallelism());

/**
 * Builds configs, taking the next one from the shared counter until none is left: a thread that finishes a small
 * build early takes the next one, so the two stay busy to the end. Returns the first failure, if any.
 */
async function work(next) {
  const { options: configs, warnings } = await loadConfigFile(config, {});
  // The type builds (one .d.ts file each) take a few seconds: last, they fill the gap while the other thread finishes.
  const types = (c) => c.output.every((o) => o.file?.endsWith('.d.ts'));
  // The examples' React host page is the longest (it bundles React too): first, so it never starts last.
  const host = (c) => c.output.some((o) => o.dir?.endsWith('/examples'));
  const options = [...configs.filter(host), ...configs.filter((c) => !types(c) && !host(c)), ...configs.filter(types)];
  for (let i = Atomics.add(next, 0, 1); i < options.length; i = Atomics.add(next, 0, 1)) {
    // dist/ is emptied once before any build starts (a build's own clean would delete what another thread wrote).
    const { output, ...input } = options[i];
    input.plugins = input.plugins.filter((p) => p?.name !== 'clean-dist');
    const started = performance.now();
    try {
      const bundle = await rollup(input);
      try {
        await Promise.all(output.map((o) => bundle.write(o)));
      } finally {
        await bundle.close();
      }
    } catch (error) {
      warnings.flush();
      Atomics.store(next, 0, options.length); // the other thread starts no further build
      return { message: describe(error) };
    }
    warnings.flush();
    const to = output.map((o) => relative(root, o.file ?? o.dir)).join(', ');
    const from = (typeof input.input === 'string' ? [input.input] : Object.values(input.input))
      .map((f) => relative(root, f))
      .join(', ');
    console.error(`${from} → created ${to} in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  }
  return null;
}

/** A failed build as `rollup -c` shows it: the message, where, and the lines around it. */
function describe(error) {
  const where = error.loc
    ? `${relative(root, error.loc.file ?? error.id ?? '')}:${error.loc.line}:${error.loc.column}`
    : error.id
      ? relative(root, error.id)
      : '';
  return [`[!] ${error.plugin ? `(plugin ${error.plugin}) ` : ''}${error.message}`, where, error.frame]
    .filter(Boolean)
    .join('\n');
}

if (isMainThread) {
  rmSync(`${root}dist`, { recursive: true, force: true });
  const next = new Int32Array(new SharedArrayBuffer(4));
  const helpers = Array.from(
    { length: THREADS - 1 },
    () =>
      new Promise((done, fail) => {
        const worker = new Worker(fileURLToPath(import.meta.url), { workerData: next });
        worker
          .once('message', done)
          .once('error', fail)
          .once('exit', (code) => fail(new Error(`build thread stopped (${code})`)));
      }),
  );
  const failures = (await Promise.all([work(next), ...helpers])).filter(Boolean);
  for (const f of failures) console.error(f.message);
  // As `rollup -c` does: a build that failed in TypeScript's start leaves its file watchers open, which would keep
  // the process waiting forever.
  if (failures.length) process.exit(1);
} else {
  parentPort.postMessage(await work(workerData));
}
