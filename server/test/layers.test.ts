/**
 * The server's import rules, read from the source: routes (http) → services → storage/lib, never back. storage/ is
 * the lowest server layer (every query is there): it imports no seed, service, route or http module. A cycle that
 * only works because nothing runs while modules load breaks the day something does, so none is allowed.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const SERVER = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' || name === 'node_modules' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Module → the server modules it imports (type-only imports included: they still tie the layers). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(SERVER)) {
    const text = readFileSync(file, 'utf8');
    const deps = [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)]
      .map((m) => resolve(dirname(file), m[1]))
      .map((p) => (p.endsWith('.ts') ? p : `${p}.ts`))
      .filter((p) => p.startsWith(SERVER + '/'));
    graph.set(
      relative(SERVER, file),
      deps.map((p) => relative(SERVER, p)),
    );
  }
  return graph;
}

test('the import rules hold: services/ imports no http/ or routes/; storage/ imports no seed, service, route or http; lib/ only itself', () => {
  const graph = importGraph();
  const broken: string[] = [];
  for (const [from, deps] of graph) {
    for (const to of deps) {
      if (from.startsWith('services/') && /^(http|routes)\//.test(to)) broken.push(`${from} → ${to}`);
      if (from.startsWith('lib/') && /^(http|routes|services|storage|seed)\//.test(to)) broken.push(`${from} → ${to}`);
      // The storage layer stands alone: prepare-database.ts, above it, is what runs the seed after migrating.
      if (from.startsWith('storage/') && (/^(seed|services|http|routes)\//.test(to) || to === 'prepare-database.ts'))
        broken.push(`${from} → ${to}`);
    }
  }
  assert.deepEqual(broken, []);
  // The layer is there to be checked (a renamed folder would pass the rules above unread).
  assert.ok(
    [...graph.keys()].some((m) => m.startsWith('storage/')),
    'storage/ was read',
  );
  assert.ok(
    [...graph.keys()].some((m) => m.startsWith('services/') && graph.get(m)!.some((d) => d.startsWith('storage/'))),
    'services use storage/',
  );
});

test('the server has no import cycle', () => {
  const graph = importGraph();
  assert.ok(graph.size > 30, 'the graph was read');
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (m: string) => {
    state.set(m, 'open');
    path.push(m);
    for (const d of graph.get(m) ?? []) {
      if (state.get(d) === 'open') cycles.push([...path.slice(path.indexOf(d)), d].join(' → '));
      else if (!state.has(d)) visit(d);
    }
    path.pop();
    state.set(m, 'done');
  };
  for (const m of graph.keys()) if (!state.has(m)) visit(m);
  assert.deepEqual(cycles, []);
});
