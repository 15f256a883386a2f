/**
 * An image's type from its first bytes (its signature), never from its name or the type a client declares: a
 * "photo.png" may hold HTML or SVG (which carries script), and a real PNG may be named anything. Only the
 * formats the contract accepts (UPLOAD_TYPES) are recognised; anything else is null.
 */
import type { UPLOAD_TYPES } from '../../src/api/shapes/messages';

export type ImageType = (typeof UPLOAD_TYPES)[number];

/** How many leading bytes `sniffImage` needs. */
export const SNIFF_BYTES = 12;

export const EXTENSION: Readonly<Record<ImageType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniffImage(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}
