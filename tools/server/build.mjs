// `npm run build`'s server part: build/server/main.mjs (tools/server/bundle.mjs), the production start:
//   node --enable-source-maps build/server/main.mjs
// with the same environment variables as `node --import tsx server/main.ts`. `--out=DIR` writes it elsewhere.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleServer } from './bundle.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outArg = process.argv.find((a) => a.startsWith('--out='));
const out = outArg ? outArg.slice('--out='.length) : join(root, 'build', 'server');
const started = performance.now();
rmSync(out, { recursive: true, force: true });
bundleServer(join(root, 'server', 'main.ts'), join(out, 'main.mjs'));
console.log(`server → ${join(out, 'main.mjs')} (${Math.round(performance.now() - started)} ms)`);
