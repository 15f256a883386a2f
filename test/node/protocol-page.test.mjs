// bridge/PROTOCOL.md's page (tools/rollup/protocol-page.mjs): the first heading titles the page, the h2 headings make
// its contents, every heading has GitHub's anchor, tables name their columns per cell, and the text is escaped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { protocolPage } from '../../tools/rollup/protocol-page.mjs';

const markdown = `Before the title.

# Bridge <protocol> & more

## Settings of the host page

A list:

- one \`<b>\`
- two

\`\`\`js
if (a < b && c) send("x");
\`\`\`

## Settings of the host page

| Field | Meaning |
| --- | --- |
| \`type\` | what <i>kind</i> |

### A "quoted" one
`;

test('the first heading is the page title and the h2 headings make the contents, with GitHub anchors', () => {
  const page = protocolPage(markdown, 'body { color: red; }');
  assert.match(page, /^<!doctype html>\n<html lang="en">/);
  assert.ok(page.includes('<h1>Bridge &lt;protocol&gt; &amp; more</h1>'), 'the title, escaped');
  assert.equal(page.match(/<h1/g).length, 1, 'one h1');
  assert.ok(
    page.includes(
      '<ol><li><a href="#settings-of-the-host-page">Settings of the host page</a></li><li><a href="#settings-of-the-host-page-1">Settings of the host page</a></li></ol>',
    ),
  );
  assert.ok(page.includes('<h2 id="settings-of-the-host-page">Settings of the host page</h2>'));
  assert.ok(page.includes('<h2 id="settings-of-the-host-page-1">'), 'a repeated heading gets a numbered anchor');
  assert.ok(page.includes('<h3 id="a-quoted-one">A &quot;quoted&quot; one</h3>'));
  assert.ok(page.includes('<p>Before the title.</p>'), 'text before the title stays');
  assert.ok(page.includes('  <style>\nbody { color: red; }\n  </style>'), 'the stylesheet is inlined');
});

test('lists, code and tables render, with code and text escaped', () => {
  const page = protocolPage(markdown, '');
  assert.ok(page.includes('<li>one <code>&lt;b&gt;</code></li>'));
  assert.ok(
    page.includes('<pre><code class="language-js">if (a &lt; b &amp;&amp; c) send(&quot;x&quot;);\n</code></pre>'),
  );
  assert.ok(page.includes('<thead><tr><th scope="col">Field</th><th scope="col">Meaning</th></tr></thead>'));
  assert.ok(
    page.includes(
      '<tr><td data-label="Field"><code>type</code></td><td data-label="Meaning">what <i>kind</i></td></tr>',
    ),
  );
  assert.doesNotMatch(page, /<script/);
});

test('the real protocol renders, and a page without a title is refused', () => {
  const page = protocolPage(readFileSync(new URL('../../bridge/PROTOCOL.md', import.meta.url), 'utf8'), '');
  assert.match(page, /<nav class="contents" aria-label="Contents"><ol><li><a href="#/);
  assert.throws(() => protocolPage('## no title', ''), /no "# " title/);
});
