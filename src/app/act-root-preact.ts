/** See act-root.ts: on preact (the script tag, the module build) the app's root is used as it is. */
export const actRoot = <Root>(root: Root): Root => root;
