// One process of `npm run test:node` (test/node-tests.mjs): asks its parent for a test file, runs that file's tests
// to their end, and asks again until the parent has none left, so files go to whichever process comes free first
// and a process that drew slow files takes fewer. Run by hand, it takes its files from the command line instead.
// Each file's tests run inside a suite named after the file: the report says where a test lives, the suite's end
// says the file is done, and a file's own top-level hooks stay with its own tests.
//   node --import tsx --test-reporter=spec test/node-shard.mjs [file ...]
import { describe } from 'node:test';

const given = process.argv.slice(2);
const next = process.send
  ? () => new Promise((resolve) => {
    process.once('message', resolve);
    process.send('next');
  })
  : async () => given.shift() ?? null;

for (let file = await next(); file; file = await next()) {
  await describe(file, async () => {
    await import(new URL(file, `file://${process.cwd()}/`).href);
  });
}
process.disconnect?.();
