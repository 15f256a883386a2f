// bridge/PROTOCOL.md as a page of its own (dist/bridge/protocol.html), so a browser shows it rendered.
import { Marked } from 'marked';

export const escapeHtml = (s) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/**
 * PROTOCOL.md as an HTML page, `css` its stylesheet: its first heading is the page's <h1> (in the examples' header, with links back),
 * the h2 headings make a contents list, every heading has GitHub's anchor (README links to #settings-of-the-host-page),
 * and a table's rows become cards on a phone. The examples' stylesheet is inlined, so the page stands on its own
 * wherever dist/bridge/ is served; the reference server puts its CSP nonce on the one <style>. The markdown is ours:
 * code and text are escaped by marked, and no script is written.
 */
export function protocolPage(markdown, css) {
  const slugs = new Map();
  const slug = (text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const n = slugs.get(base) ?? 0;
    slugs.set(base, n + 1);
    return n ? `${base}-${n}` : base;
  };
  const contents = [];
  const md = new Marked({ gfm: true });
  md.use({
    renderer: {
      heading({ tokens, depth, text }) {
        const id = slug(text);
        const inner = this.parser.parseInline(tokens);
        if (depth === 2) contents.push(`<li><a href="#${id}">${inner}</a></li>`);
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      // Each cell names its column (data-label), so on a phone a row can stand as a card of its own.
      table({ header, rows }) {
        const cell = (c) => this.parser.parseInline(c.tokens);
        const head = header.map((c) => `<th scope="col">${cell(c)}</th>`).join('');
        const body = rows.map(
          (r) =>
            `<tr>${r.map((c, i) => `<td data-label="${escapeHtml(header[i].text)}">${cell(c)}</td>`).join('')}</tr>`,
        );
        return `<div class="table"><table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body.join('\n')}\n</tbody>\n</table></div>\n`;
      },
    },
  });
  const tokens = md.lexer(markdown);
  const first = tokens.findIndex((t) => t.type === 'heading' && t.depth === 1);
  if (first < 0) throw new Error('bridge/PROTOCOL.md: no "# " title');
  const [title] = tokens.splice(first, 1);
  const body = md.parser(tokens);
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="no-referrer">
  <title>Merchant Ads SDK · bridge protocol</title>
  <link rel="icon" href="data:,">
  <style>
${css.trim()}
  </style>
</head>
<body>
  <header>
    <h1>${escapeHtml(title.text)}</h1>
    <p>The messages between the bridge host page and a native app shell, from <code>bridge/PROTOCOL.md</code>.
      <a href="/">Examples</a> · <a href="/native-shell.html">Simulated native shell</a></p>
  </header>
  <main class="doc">
    <nav class="contents" aria-label="Contents"><ol>${contents.join('')}</ol></nav>
${body}  </main>
</body>
</html>
`;
}
