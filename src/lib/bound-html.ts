/**
 * Bounds operator HTML before anything parses it: past a depth of about 512 the browser's HTML parser slows to a
 * crawl (100,000 nested <b>, 0.7 MB, kept a host page busy for 35 s), and a huge text costs every reader. One
 * linear pass over the string: tags that would open deeper than `maxDepth` are left out together with their
 * closing tags, so what they held stays as text (flattened, not dropped); then what is still longer than
 * `maxLength` characters is cut (never inside a tag).
 * Shared by the client's renderer and the server, which refuses such text on write and clips older stored text
 * on read.
 */
export interface HtmlBounds {
  maxDepth: number;
  maxLength: number;
}

/** Rich text limits: far above any real FAQ or rule, far below what hurts. */
export const RICH_TEXT_BOUNDS: HtmlBounds = { maxDepth: 32, maxLength: 20_000 };

const VOID = new Set([
  'br',
  'img',
  'hr',
  'wbr',
  'input',
  'meta',
  'link',
  'source',
  'area',
  'base',
  'col',
  'embed',
  'param',
  'track',
]);
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g;

export interface Bounded {
  html: string;
  flattened: number;
  cut: boolean;
}

export function boundHtml(html: string, bounds: HtmlBounds = RICH_TEXT_BOUNDS): Bounded {
  const text = html;
  const out: string[] = [];
  // Open elements as the parser would see them, and how many opening tags of each name were left out (their
  // closing tags go too).
  const open: string[] = [];
  const skipped = new Map<string, number>();
  let flattened = 0;
  let last = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m; m = TAG.exec(text)) {
    const closing = m[1] === '/';
    const name = m[2].toLowerCase();
    let keep = true;
    if (closing) {
      const n = skipped.get(name) ?? 0;
      if (n > 0) {
        skipped.set(name, n - 1);
        keep = false;
      } else {
        const at = open.lastIndexOf(name);
        if (at >= 0) open.length = at;
      }
    } else if (!VOID.has(name) && !m[0].endsWith('/>')) {
      if (open.length >= bounds.maxDepth) {
        skipped.set(name, (skipped.get(name) ?? 0) + 1);
        flattened++;
        keep = false;
      } else open.push(name);
    }
    if (!keep) {
      out.push(text.slice(last, m.index));
      last = m.index + m[0].length;
    }
  }
  let result = last === 0 ? html : (out.push(text.slice(last)), out.join(''));
  const cut = result.length > bounds.maxLength;
  if (cut) {
    result = result.slice(0, bounds.maxLength);
    // Not inside a tag: an unfinished one would swallow what follows it.
    const lt = result.lastIndexOf('<');
    if (lt > result.lastIndexOf('>')) result = result.slice(0, lt);
  }
  return { html: result, flattened, cut };
}
