/**
 * What a JSON request body may cost. Parsing is synchronous: a megabyte of nested brackets holds the event loop
 * (every other client's request waits) for hundreds of milliseconds. So each call reads at most the bytes its own
 * fields can fill (refused by Content-Length before a byte is read, and while a chunked body streams in), and a
 * body nested deeper than any request shape is refused after a linear scan, before JSON.parse builds it.
 */
import type { Schema } from '../../src/api/schema/types';

/** What a call's body may hold besides its text fields: keys, numbers, flags, enums, ids, punctuation. */
export const JSON_BODY_BASE = 4 * 1024;

/**
 * Bytes a character of a text field can take on the wire. Limits count UTF-16 units; one is at most 3 bytes of
 * UTF-8 (a surrogate pair, two units, is 4), and JSON's longest escape, \uXXXX, is 6.
 */
const WIRE_BYTES_PER_CHAR = 6;

/** The body limit of a call: its text fields at their maximum length, each character at its widest, plus the base. */
export function bodyLimitOf(schema: Schema<unknown>): number {
  const fields: { meta?: { max?: number } }[] = Object.values(schema.fields);
  return JSON_BODY_BASE + fields.reduce((sum, f) => sum + (f.meta?.max ?? 0) * WIRE_BYTES_PER_CHAR, 0);
}

/**
 * Deepest nesting a body may have. No request shape is deeper than an object holding a list of objects (3); the
 * margin costs nothing, as the scan is linear whatever the depth.
 */
export const MAX_JSON_DEPTH = 8;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Whether JSON text nests arrays and objects deeper than `max`; brackets inside strings do not count. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}
