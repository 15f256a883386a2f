// The module files' maps keep, of each run of minified code from one line of the SDK's source, its first mapping:
// every position in a file still maps to the right source file and line (a stack trace, a breakpoint, a bundler's
// own map), as webpack's "cheap" maps do, at a third of the size of a map of every token. The names and the sources
// stay in the maps.
import { decode, encode } from '@jridgewell/sourcemap-codec';

/** A map's mappings with, on each generated line, only the first of each run of segments from one source line. */
export function lineMappings(mappings) {
  return encode(
    decode(mappings).map((segments) => {
      let last = '';
      return segments.filter((s) => {
        const at = s.length > 1 ? `${s[1]}:${s[2]}` : '';
        return at !== last && ((last = at), true);
      });
    }),
  );
}

export const lineMaps = {
  name: 'line-maps',
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type !== 'asset' || !file.fileName.endsWith('.map')) continue;
      const map = JSON.parse(file.source);
      map.mappings = lineMappings(map.mappings);
      file.source = JSON.stringify(map);
    }
  },
};
