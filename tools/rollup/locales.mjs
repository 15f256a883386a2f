// Each language is in the package once, as dist/locales/<lang>.json, which every build reads: the script-tag build
// fetches it (src/i18n/locale-files-script.ts), and the module builds (ES and CommonJS, the SDK's and the React
// component's) import that same file by its path instead of bundling a copy. A host's bundler still makes a chunk of
// each language. The ES files import it with `with { type: 'json' }`, which node requires of a JSON module (bundlers
// read it either way); the CommonJS files require() it, which node and Jest read as JSON.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (p) => resolve(root, p);
const LOCALE_ID = /^merchant-ads-locale:(\w+)$/;

/** Every language of locales/ as [code, its JSON without whitespace]: what dist/locales/ holds. */
export const languages = (folder = at('locales')) =>
  readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [basename(f, '.json'), JSON.stringify(JSON.parse(readFileSync(resolve(folder, f), 'utf8')))]);

/** A module build's import of a language file stays an import, of the one file in dist/locales/. */
export const sharedLocales = {
  name: 'shared-locales',
  async resolveId(source, importer, opts) {
    if (!source.endsWith('.json') || !importer) return null;
    const r = await this.resolve(source, importer, { ...opts, skipSelf: true });
    const lang = r && /\/locales\/(\w+)\.json$/.exec(r.id)?.[1];
    return lang && r.id === at(`locales/${lang}.json`)
      ? { id: `merchant-ads-locale:${lang}`, external: true, attributes: { type: 'json' } }
      : null;
  },
};

/** Where a module build's output finds a language, from a file in dist/. */
export const localePaths = (id) => id.replace(LOCALE_ID, './locales/$1.json');

/** The script-tag build writes dist/locales/ (the one writer: every other build only points at it). */
export const copyLocales = {
  name: 'copy-locales',
  generateBundle() {
    for (const [lang, data] of languages())
      this.emitFile({ type: 'asset', fileName: `locales/${lang}.json`, source: data });
  },
};
