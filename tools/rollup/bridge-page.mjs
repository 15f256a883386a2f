// The bridge host page, dist/bridge/: its HTML, and bridge.js, the bridge alone. The app is the script tag's
// (dist/merchant-ads.js), which the page loads first from one folder up and whose global bridge.js uses, so the app is
// in the package once for both. The protocol (bridge/PROTOCOL.md) goes beside the page as a page,
// dist/bridge/protocol.html, so a browser shows it rendered.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { protocolPage } from './protocol-page.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const at = (p) => resolve(root, p);

export const bridgeHtml = {
  name: 'copy-bridge-html',
  buildStart() {
    for (const f of ['bridge/index.html', 'bridge/PROTOCOL.md', 'examples/examples.css']) this.addWatchFile(at(f));
  },
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'index.html', source: readFileSync(at('bridge/index.html'), 'utf8') });
    this.emitFile({
      type: 'asset',
      fileName: 'protocol.html',
      source: protocolPage(
        readFileSync(at('bridge/PROTOCOL.md'), 'utf8'),
        readFileSync(at('examples/examples.css'), 'utf8'),
      ),
    });
  },
};

// bridge.js takes from src/ only types and the schema rules its protocol is checked with: any other module of the SDK
// here would be a second copy of the app on the page, beside the script tag's.
const BRIDGE_MAY_BUNDLE = ['bridge', 'src/api/schema'].map((dir) => `${at(dir)}/`);

/** The modules of a bundle that bridge.js may not carry. */
export const bridgeStrays = (bundle) =>
  Object.values(bundle)
    .flatMap((f) => (f.type === 'chunk' ? f.moduleIds : []))
    .filter((id) => !BRIDGE_MAY_BUNDLE.some((dir) => id.startsWith(dir)));

export const bridgeAlone = {
  name: 'bridge-alone',
  generateBundle(_options, bundle) {
    const strays = bridgeStrays(bundle);
    if (strays.length)
      this.error(
        `bridge.js would bundle what the script tag brings: ${strays.map((id) => id.replace(`${root}`, '')).join(', ')}`,
      );
  },
};
