// Runs npm scripts at the same time: `node test/together.mjs typecheck build`. The type check runs on one thread
// and the build on two, so on a machine with two cores the pair finishes sooner side by side than one after the
// other. Each script's output is held and printed whole when it ends, so two logs never interleave; the run fails
// if any script fails.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (!scripts.length) {
  console.error('usage: node test/together.mjs <npm script> [<npm script> ...]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script) {
  const started = performance.now();
  console.log(`▶ npm run ${script}`);
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('close', (code, signal) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(chunks));
      const ok = code === 0;
      console.log(
        `${ok ? '✔' : '✖'} npm run ${script} ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`,
      );
      resolve(ok);
    });
  });
}

const results = await Promise.all(scripts.map(run));
if (results.some((ok) => !ok)) process.exit(1);
