/**
 * Prints a signed partner entry link, as a partner's server would make it:
 *
 *   npm run partner-link -- --entry partner --uid p-1001 [--base http://127.0.0.1:8080/] [--secret KEY]
 *
 * The key is --secret, else the environment's PARTNER_LINK_SECRET, else the documented demo key of a demo partner
 * (server/seed/seed.ts). The link opens the examples page at `base` with the widget on /entry (hash routing) and
 * is good for 5 minutes, once.
 */
import { parseArgs } from 'node:util';
import { entryLinkQuery } from './lib/entry-link';
import { DEMO_PARTNER_SECRETS } from './seed/seed';

const USAGE =
  'usage: npm run partner-link -- --entry <partner> --uid <partner user id> [--base <url>] [--secret <key>]';

function main(): number {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        entry: { type: 'string', default: 'partner' },
        uid: { type: 'string' },
        base: { type: 'string', default: 'http://127.0.0.1:8080/' },
        secret: { type: 'string' },
      },
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { entry, uid, base } = values;
  const secret = values.secret ?? process.env.PARTNER_LINK_SECRET ?? DEMO_PARTNER_SECRETS[entry];
  if (!uid) {
    process.stderr.write(`--uid is required\n${USAGE}\n`);
    return 2;
  }
  if (!secret) {
    process.stderr.write(`no key for partner "${entry}": pass --secret or set PARTNER_LINK_SECRET\n`);
    return 2;
  }
  const url = new URL(base);
  url.hash = `/entry?${entryLinkQuery(secret, entry, uid)}`;
  process.stdout.write(`${url.href}\n`);
  return 0;
}

process.exitCode = main();
