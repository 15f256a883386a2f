/** Test support for the uploader's tests, imported by them only: a picture to pick, picking it, a host screen. */
import { useState } from 'react';
import { Uploader, type UploadItem, type UploaderProps } from './index';

// A 1×1 PNG.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
export const png = (name = 'a.png') => new File([PNG], name, { type: 'image/png' });

export function pickFiles(input: HTMLInputElement, files: File[]) {
  const dt = new DataTransfer();
  files.forEach((f) => dt.items.add(f));
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/** An uploader holding its own list, as a screen would; `seen` collects every list it reports. */
export function Demo(p: Partial<UploaderProps> & { seen?: UploadItem[][] }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  return (
    <Uploader
      value={items}
      onChange={(x) => {
        setItems(x);
        p.seen?.push(x);
      }}
      upload={p.upload ?? (async () => '/img/1.png')}
      prepare={p.prepare}
      maxCount={p.maxCount}
      hint={p.hint}
      onError={p.onError}
    />
  );
}
