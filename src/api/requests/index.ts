/**
 * Every call's request schema, by the call's name in api/calls/: what the server validates a body or query
 * against. A call with no schema here takes no input. The SDK imports the group modules it needs, never this.
 */
export * from './account';
export * from './ad-center';
export * from './messages';
export * from './plan';
export * from './sign-in';
export * from './wallet';
