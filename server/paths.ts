import { fileURLToPath } from 'node:url';

/** The project root (the folder holding server/, examples/, dist/, locales/). */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
