/**
 * What a call of the table (api/calls/) is, and the types read from it: a route string that carries the type of
 * its answer and its name in the table, which names its request schema in api/requests/.
 */
import type * as Calls from './calls';
import type * as Requests from './requests';
import type { Infer } from './schema/types';

export type Method = 'GET' | 'POST';
export type Route = `${Method} /${string}` | `${Method} /${string} ${'open' | 'form'}`;
declare const answer: unique symbol;
declare const named: unique symbol;
/** A call's route, carrying the type of its answer (`data` of the envelope) and its name in the table. */
export type Call<Res, Name extends string = string> = Route & { readonly [answer]?: Res; readonly [named]?: Name };

type RequestSchemas = typeof Requests;
type Table = typeof Calls;
/** A call's name in the table. */
export type CallKey = keyof Table;
type NameOf<C> = C extends Call<unknown, infer N> ? N : never;
type Takes<N> = N extends keyof RequestSchemas ? Infer<RequestSchemas[N]> : Record<string, never>;

/** What a call takes: the type of its schema in api/requests/, or nothing for a call without one. */
export type Req<C> = Takes<NameOf<C>>;
/** What a call answers. */
export type Res<C> = C extends Call<infer R, string> ? R : never;
/** The same, by a call's name (the server and its tests name calls). */
export type ReqOf<K extends CallKey> = Takes<K>;
export type ResOf<K extends CallKey> = Res<Table[K]>;

/** A route's parts: method, path, and whether it needs a session and whether it carries a multipart form. */
export function routeOf(route: Route): { method: Method; path: string; auth: boolean; form: boolean } {
  const [method, path, flag] = route.split(' ');
  return { method: method as Method, path, auth: flag !== 'open', form: flag === 'form' };
}

// Every schema in api/requests/ is some call's: a schema under a name no call has would validate nothing, so such
// a name fails the type check here. And every call carries its own name, which is how its request type is found.
type OnlyCalls<Stray extends never> = Stray;
export type StraySchemas = OnlyCalls<Exclude<keyof RequestSchemas, CallKey>>;
export type MisnamedCalls = OnlyCalls<{ [K in CallKey]: NameOf<Table[K]> extends K ? never : K }[CallKey]>;
