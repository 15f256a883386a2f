/** Test support for the feedback screen's tests, imported by them only: opening it, picking files, drawn images. */
import type { FeedbackItem } from '../../../api/shapes/messages';
import type { Page } from '../../../api/shapes/page';
import { $, $$, input, mountApp, waitFor, waitRoute, type Mounted } from '../../../../test/browser/support/app';
import { apiCall } from '../../shared/coupon/test-support';

const ROUTE = '/ad-center/feedback';
export const MB = 1024 * 1024;

export async function open(token: string, o: { language?: string } = {}): Promise<Mounted> {
  const m = await mountApp({ token, initialRoute: ROUTE, ...o });
  await waitRoute(m, ROUTE);
  await waitFor(() => $(m, '.ma-feedback__past .ma-list__feed, .ma-feedback__past .ma-empty'), 'the past feedback');
  return m;
}

const fileInput = (m: Mounted) => $(m, '.ma-uploader input[type="file"]') as HTMLInputElement;
export function pick(m: Mounted, files: File[]) {
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  const el = fileInput(m);
  el.files = dt.files;
  el.dispatchEvent(new Event('change', { bubbles: true }));
}
export const tiles = (m: Mounted) => $$(m, '.ma-uploader__item');
export const errorOf = (m: Mounted, label: string) => {
  const el = input(m, label);
  return el.getAttribute('aria-invalid') === 'true'
    ? m.shadow.getElementById(el.getAttribute('aria-describedby')!)?.textContent
    : undefined;
};
export const past = (m: Mounted) => $$(m, 'article.ma-feedback__item');
export const list = async (token: string) =>
  (await apiCall<Page<FeedbackItem>>(token, '/feedback/list?page=1&page_size=50')).data;

/** A real image drawn in the browser: a w×h canvas of colour noise (noise does not compress, so it is large). */
export function drawn(w: number, h: number, type: 'image/png' | 'image/jpeg', quality?: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d')!;
  const img = ctx.createImageData(w, h);
  let seed = 7;
  for (let i = 0; i < img.data.length; i += 4) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    img.data[i] = seed & 255;
    img.data[i + 1] = (seed >>> 8) & 255;
    img.data[i + 2] = (seed >>> 16) & 255;
    img.data[i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return new Promise((ok) => canvas.toBlob((b) => ok(b!), type, quality));
}
