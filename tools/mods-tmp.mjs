import { rollup } from 'rollup';
import { minify } from 'terser';
import { gzipSync } from 'node:zlib';
const configs = (await import('../rollup.config.mjs')).default;
const c = configs[0];
const b = await rollup({ ...c, plugins: c.plugins.filter(p => p.name !== 'clean-dist' && p.name !== 'copy-locales') });
const { output } = await b.generate({ ...c.output, plugins: [] });
const ch = output.find((o) => o.type === 'chunk' && o.isEntry);
const rows = [];
for (const [id, m] of Object.entries(ch.modules)) {
  const code = m.code ?? '';
  const min = code ? (await minify(code, { module: false, toplevel: false, compress: { passes: 2 }, mangle: true })).code ?? '' : '';
  rows.push([min.length, gzipSync(min, { level: 9 }).length, id.replace(process.cwd() + '/', '')]);
}
rows.sort((a, b) => b[0] - a[0]);
let t = 0; for (const r of rows) { t += r[0]; console.log(String(r[0]).padStart(6), String(r[1]).padStart(5), r[2]); }
console.log('total min', t, 'modules', rows.length);
