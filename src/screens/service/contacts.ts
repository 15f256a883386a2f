import type { UserInfo } from '../../api/shapes/account';
import type { BasicConfig, Contact } from '../../api/shapes/config';
import { openableUrl } from '../../lib/openable-url';

export type ServiceMode = 'normal' | 'recharge';

/**
 * The contacts a mode lists (docs/product.md, "Config"): the merchant's own list when the account has one, else basic config's;
 * recharge mode (the wallet's deposit) the recharge lists. A contact that goes out (not type 1, the chat inside,
 * which /customer checks against these lists) but whose link may not be opened (not https, or http off
 * localhost) is left out rather than shown as a row that does nothing.
 */
export function serviceContacts(
  user: UserInfo | null | undefined,
  cfg: Partial<BasicConfig>,
  mode: ServiceMode,
): Contact[] {
  const own = mode === 'recharge' ? user?.recharge_customer_service_url : user?.customer_service_url;
  const listed = own?.length
    ? own
    : ((mode === 'recharge' ? cfg.recharge_customer_service_url : cfg.customer_service_url) ?? []);
  return listed.filter((c) => c.type === 1 || openableUrl(c.url));
}
