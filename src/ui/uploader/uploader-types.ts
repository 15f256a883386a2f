// What the Uploader holds and takes: its items, what an upload gives back, why a file is refused.

export interface UploadItem {
  id: string;
  /** Where the server put the file, once uploaded. */
  url?: string;
  /** What the server calls the file (an upload id), once uploaded: what a form sends. */
  ref?: string | number;
  /** A small picture of the picked file, as a data: URL (made by the Uploader once the file is decoded). */
  previewUrl?: string;
  status: 'uploading' | 'done' | 'failed';
  /** How much of the file has been sent, 0 to 1, while uploading (absent while it is being prepared). */
  progress?: number;
  message?: string;
  /** Failed because the file itself was refused (UploadRefused): sending it again cannot help, so no retry. */
  refused?: boolean;
}

/** What `upload` rejects with when the file itself is refused (not an image, too large), not the sending of it. */
export class UploadRefused extends Error {}

export type UploadRejection = 'tooLarge' | 'notImage';

/** What a finished upload is: its URL, or its URL and the server's name for it. */
export type Uploaded = string | { url: string; ref?: string | number };

export interface UploaderProps {
  value: UploadItem[];
  onChange: (items: UploadItem[]) => void;
  /**
   * Uploads one file, reporting the share sent so far, and resolves with its URL (and ref); a rejection marks the
   * item failed, its message under the tiles, and the item offers a retry, unless the rejection is an
   * UploadRefused: then it can only be removed.
   */
  upload: (file: File, onProgress: (sent: number) => void) => Promise<Uploaded>;
  /** Makes a file ready to send (a photo shrunk) before its size is judged. */
  prepare?: (file: File) => Promise<File>;
  maxCount?: number;
  /** Bytes, judged after `prepare`; the server takes at most 5 MB (IMAGE_MAX_BYTES). */
  maxSize?: number;
  accept?: string;
  /** Name of the add button; defaults to "Add image". */
  label?: string;
  /** Says what is accepted (types, size), under the tiles; the add button is described by it. */
  hint?: string;
  onError?: (reason: UploadRejection, file: File) => void;
  disabled?: boolean;
  className?: string;
}
