/**
 * A phone photo made small enough to send: decoded, drawn on a canvas with its longest side at most `maxSide`
 * (EXIF orientation applied, as createImageBitmap does by default) and encoded again. Files already small are sent
 * as they are (a GIF keeps its animation, a PNG its exact pixels); so is anything the browser cannot decode: the
 * server judges the bytes either way.
 */
export interface ShrinkOptions {
  /** Longest side after shrinking, in px. */
  maxSide: number;
  /** Files at most this size are left alone. */
  keepUnder: number;
  /** What the result must fit in: past it a PNG is tried as JPEG, which is smaller for photos. */
  maxBytes: number;
}

const encode = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob | null>((ok) => canvas.toBlob(ok, type, quality));

export async function shrinkImage(file: File, o: ShrinkOptions): Promise<File> {
  if (file.size <= o.keepUnder || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, o.maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return file;
  const png = file.type === 'image/png' || file.type === 'image/gif';
  // JPEG has no transparency: what was see-through becomes white, as on the page it is shown on.
  if (!png) {
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  let blob = png ? await encode(canvas, 'image/png') : await encode(canvas, 'image/jpeg', 0.85);
  if (blob && png && blob.size > o.maxBytes) {
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    blob = await encode(canvas, 'image/jpeg', 0.85);
  }
  if (!blob || blob.size >= file.size) return file;
  const ext = blob.type === 'image/png' ? '.png' : '.jpg';
  return new File([blob], file.name.replace(/\.[^.]*$/, '') + ext, { type: blob.type, lastModified: file.lastModified });
}
