// The picked files themselves: whether one is accepted, its preview, an item's id.
import { drawScaled } from '../../lib/shrink-image';

/** The preview's shorter side, in px: the 80 px tile at a phone's 3x density. */
const PREVIEW_SIDE = 240;

/**
 * A preview as a data: URL, not an object URL: pages allow `data:` images far more often than `blob:` ones (the
 * usual `img-src 'self' data: https:`, this project's own pages among them), and under a policy without `blob:`
 * every preview is a broken image. WebP keeps transparency, and is PNG where the browser cannot write WebP. A file
 * the browser cannot decode has none.
 */
export async function preview(file: File): Promise<string | undefined> {
  const canvas = await drawScaled(file, (w, h) => PREVIEW_SIDE / Math.min(w, h));
  return canvas?.toDataURL('image/webp', 0.8);
}

/** Whether a file matches an accept list such as "image/*,.pdf". */
export function matchesAccept(file: File, accept: string): boolean {
  const tokens = accept
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (!tokens.length) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return tokens.some((tok) =>
    tok.startsWith('.') ? name.endsWith(tok) : tok.endsWith('/*') ? type.startsWith(tok.slice(0, -1)) : type === tok,
  );
}

let seq = 0;
export const nextId = () => `ma-upload-${Date.now().toString(36)}-${++seq}`;
