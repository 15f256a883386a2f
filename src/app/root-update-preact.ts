/** See root-update.ts: on preact (the script tag, the module build) an update of the app's root runs as it is. */
export const rootUpdate = (update: () => void): void => update();
