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

/**
 * The file decoded (EXIF orientation applied) and drawn on a canvas `scale(width, height)` times its size, on
 * `background` if given; null when the browser cannot decode it. createImageBitmap reads the bytes themselves, so
 * no image policy of the page (CSP `img-src`) is involved.
 */
export async function drawScaled(
  file: Blob,
  scale: (width: number, height: number) => number,
  background?: string,
): Promise<HTMLCanvasElement | null> {
  if (typeof createImageBitmap !== 'function') return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  const k = Math.min(1, scale(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * k));
  canvas.height = Math.max(1, Math.round(bitmap.height * k));
  const ctx = canvas.getContext('2d');
  if (ctx && background) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return ctx ? canvas : null;
}

export async function shrinkImage(file: File, o: ShrinkOptions): Promise<File> {
  if (file.size <= o.keepUnder) return file;
  const png = file.type === 'image/png' || file.type === 'image/gif';
  // JPEG has no transparency: what was see-through becomes white, as on the page it is shown on.
  const canvas = await drawScaled(file, (w, h) => o.maxSide / Math.max(w, h), png ? undefined : '#fff');
  if (!canvas) return file;
  const ctx = canvas.getContext('2d')!;
  let blob = png ? await encode(canvas, 'image/png') : await encode(canvas, 'image/jpeg', 0.85);
  if (blob && png && blob.size > o.maxBytes) {
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    blob = await encode(canvas, 'image/jpeg', 0.85);
  }
  if (!blob || blob.size >= file.size) return file;
  const ext = blob.type === 'image/png' ? '.png' : '.jpg';
  return new File([blob], file.name.replace(/\.[^.]*$/, '') + ext, {
    type: blob.type,
    lastModified: file.lastModified,
  });
}
