// One process of `npm run test:node` (test/node-tests.mjs): asks its parent for a test file, runs that file's tests
// to their end, and asks again until the parent has none left, so files go to whichever process comes free first
// and a process that drew slow files takes fewer. Run by hand, it takes its files from the command line instead.
// Each file's tests run inside a suite named after the file: the report says where a test lives, the suite's end
// says the file is done, and a file's own top-level hooks stay with its own tests.
//   node --expose-internals --import tsx --test-reporter=spec test/node-shard.mjs [file ...]
import { readFileSync } from 'node:fs';
import { describe } from 'node:test';
import { runnersAsyncHook } from './runner-async-hook.mjs';

/** CPU seconds of this process (its worker threads included) and, on Linux, of its children that have ended. */
function cpuSeconds() {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6 + endedChildrenSeconds();
}

function endedChildrenSeconds() {
  try {
    // /proc/self/stat: fields 16 and 17 are the ended children's user and system time, in clock ticks (1/100 s).
    const stat = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(stat[13]) + Number(stat[14])) / 100 || 0;
  } catch {
    return 0; // no /proc (macOS): the report counts this process alone
  }
}

const given = process.argv.slice(2);
/** Asks the parent for the next file, telling it what the last one cost. */
const next = process.send
  ? (spent) =>
      new Promise((resolve) => {
        process.once('message', resolve);
        process.send({ spent });
      })
  : async () => given.shift() ?? null;

let running = null;
// Without the runner's async hook (runner-async-hook.mjs) the runner cannot name the test behind an uncaught error;
// files run one at a time here, so the file at least is known.
process.on('uncaughtException', () => console.error(`# the uncaught error above came while ${running} ran`));
process.on('unhandledRejection', () => console.error(`# the unhandled rejection above came while ${running} ran`));

let hook = null;
let spent = null;
for (let file = await next(spent); file; file = await next(spent)) {
  running = file;
  const wall = performance.now();
  const cpu = cpuSeconds();
  hook?.enable(); // on while the file declares its tests and hooks, so they land in its suite
  await describe(file, async () => {
    await import(new URL(file, `file://${process.cwd()}/`).href);
    hook ??= runnersAsyncHook();
    hook?.disable(); // off while they run
  });
  // A child killed at a test's end may be counted with the next file, when it has been reaped.
  spent = { file, wall: (performance.now() - wall) / 1000, cpu: cpuSeconds() - cpu };
}
process.disconnect?.();
