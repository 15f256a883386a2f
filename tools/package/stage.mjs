// The package as npm ships it, staged in build/package/ and packed from there: its package.json without the
// repository's scripts and tools, dist/ (what its `files` list takes of it), the package's README (made from the
// repository's, tools/package/readme.mjs), LICENSE and CHANGELOG.md. npm always packs the README at a package's root,
// so packing the repository itself would ship the repository's README; packing a staged copy leaves the working tree
// as it is.
//   npm run package                  stages, then packs build/package/ into build/
//   node tools/package/stage.mjs     stages only
//   node tools/package/stage.mjs --refuse-root   (the repository's prepack) says to pack the stage instead
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packageReadme } from './readme.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const STAGE = `${root}build/package/`;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Writes build/package/ afresh from dist/ and the repository's files; returns its path. */
export function stagePackage() {
  if (!existsSync(`${root}dist/merchant-ads.js`)) throw new Error('dist/ is missing: run `npm run build` first');
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(STAGE, { recursive: true });
  const {
    scripts: _scripts,
    devDependencies: _dev,
    ...manifest
  } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  writeFileSync(`${STAGE}package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  // What of dist/ ships is the manifest's own `files` list (it leaves the examples page's files out), as before.
  cpSync(`${root}dist`, `${STAGE}dist`, { recursive: true });
  for (const file of ['LICENSE', 'CHANGELOG.md']) cpSync(`${root}${file}`, `${STAGE}${file}`);
  writeFileSync(`${STAGE}README.md`, packageReadme(readFileSync(`${root}README.md`, 'utf8')));
  return STAGE;
}

/** Stages and packs into `destination`; returns what `npm pack --json` says of the tarball. */
export function packStaged(destination) {
  stagePackage();
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', STAGE, '--json', '--pack-destination', destination], { cwd: root, encoding: 'utf8' }),
  );
  return packed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === '--refuse-root') {
    console.error('npm pack here would ship the repository README: run `npm run package` (packs build/package/).');
    process.exit(1);
  }
  stagePackage();
}
