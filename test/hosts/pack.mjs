// The package as a partner gets it: `npm pack` of the staged package (tools/package/stage.mjs, which needs
// `npm run build`), unpacked into a
// folder of its own under build/hosts/, removed when the process that packed it exits. test/hosts/run.mjs packs once
// for all the host files it runs; a host file run by itself packs for itself. Every host of the matrix takes its
// files from there or installs the tarball itself, never from dist/ directly, so what it runs is what ships.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packStaged } from '../../tools/package/stage.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where test/hosts/run.mjs hands its test files the package it packed (JSON of what pack() returns). */
export const PACKED_ENV = 'MERCHANT_ADS_PACKED';

/**
 * Packs and unpacks once per process (or takes what the run packed); returns the tarball's path and the unpacked
 * package's folder.
 */
let packed = process.env[PACKED_ENV] ? JSON.parse(process.env[PACKED_ENV]) : undefined;
export function pack() {
  if (packed) return packed;
  if (!existsSync(`${ROOT}dist/merchant-ads.js`)) throw new Error('dist/ is missing: run `npm run build` first');
  mkdirSync(`${ROOT}build/hosts/`, { recursive: true });
  const out = `${mkdtempSync(`${ROOT}build/hosts/pack-`)}/`;
  process.once('exit', () => rmSync(out, { recursive: true, force: true }));
  const { filename } = packStaged(out);
  execFileSync('tar', ['xzf', `${out}${filename}`, '-C', out]);
  packed = { tarball: `${out}${filename}`, folder: `${out}package/` };
  return packed;
}

/** The unpacked package's folder (its package.json, dist/, ...). */
export const packedPackage = () => pack().folder;
