/**
 * Icons only files loaded on demand draw (a row's chevron, the uploader's add and retry, a missing picture): their
 * paths, on the same 24×24 grid, passed to Icon as `d`. Icon's own set is what the script tag draws, and it carries
 * that set; these stay in the shared file the screens that draw them load.
 */
export const chevron = 'M9 18l6-6-6-6';
export const plus = 'M12 5v14M5 12h14';
export const refresh = 'M23 4v6h-6M1 20v-6h6M3.5 9a9 9 0 0114.9-3.4L23 10M1 14l4.6 4.4A9 9 0 0020.5 15';
export const image =
  'M5 3h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V5a2 2 0 012-2zM8.5 7a1.5 1.5 0 100 3 1.5 1.5 0 000-3zM21 15l-5-5L5 21';
