// The package as a partner gets it: `npm pack` of this checkout (which needs `npm run build`), unpacked into a
// folder of the test process's own under build/hosts/ (host files may run side by side), removed when it exits.
// Every host of the matrix takes its files from there or installs the tarball itself, never
// from dist/ directly, so what it runs is what the tarball ships.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Packs and unpacks once per process; returns the tarball's path and the unpacked package's folder. */
let packed;
export function pack() {
  if (packed) return packed;
  if (!existsSync(`${ROOT}dist/merchant-ads.js`)) throw new Error('dist/ is missing: run `npm run build` first');
  mkdirSync(`${ROOT}build/hosts/`, { recursive: true });
  const out = `${mkdtempSync(`${ROOT}build/hosts/pack-`)}/`;
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  const [{ filename }] = JSON.parse(execFileSync(npm, ['pack', '--json', '--pack-destination', out], { cwd: ROOT, encoding: 'utf8' }));
  execFileSync('tar', ['xzf', `${out}${filename}`, '-C', out]);
  packed = { tarball: `${out}${filename}`, folder: `${out}package/` };
  return packed;
}

/** The unpacked package's folder (its package.json, dist/, ...). */
export const packedPackage = () => pack().folder;
