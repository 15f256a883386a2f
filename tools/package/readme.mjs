// The README a partner reads on the registry: about embedding, not about this repository (set-up, server, tests).
// It is made from the repository README's own sections, "## Embedding" and "## Native shells", so the two never
// disagree; tools/package/stage.mjs writes it into the staged package.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The repository README's `## <heading>` section, up to the next `## `. */
function section(text, heading) {
  const start = text.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start + 1, end < 0 ? undefined : end).trim();
}

/** A link to a file of the repository, which the package does not hold, becomes its name and path in the repository. */
const unlinked = (text) => text.replace(/\[([^\]]+)\]\((?!https?:|#)([^)]+)\)/g, '$1 (`$2` in the repository)');

export function packageReadme(repository) {
  const { version, license } = JSON.parse(readFileSync(`${root}package.json`, 'utf8'));
  return `# Merchant Ads SDK

The whole mobile merchant ad-network app (sign-up with a license key, ad centre, plans, coupons, wallet,
notifications, customer service) as one embeddable bundle. \`mount(element, options)\` renders it into an open
shadow root on \`element\`: nothing of the host's CSS gets in, nothing of ours gets out, and \`unmount()\` leaves
nothing behind. It talks to your merchant API (\`apiBase\`).

## Install

\`\`\`sh
npm install merchant-ads-sdk
\`\`\`

\`import { mount } from 'merchant-ads-sdk'\` (any bundler, or \`require\`), \`import { MerchantAds } from
'merchant-ads-sdk/react'\` (React 18 or 19, a client component), or the script tag: deploy \`dist/\` (or load it from a
CDN that serves npm packages: \`merchant-ads-sdk@${version}/dist/merchant-ads.js\`). No runtime dependencies; React is
a peer only for \`merchant-ads-sdk/react\`. What changed: CHANGELOG.md. License: ${license} (LICENSE).

${unlinked(section(repository, 'Embedding'))}

${unlinked(section(repository, 'Native shells'))}
`;
}
