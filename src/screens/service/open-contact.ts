import type { Contact } from '../../api/shapes/config';
import type { AppServices } from '../../app/context';
import { openableUrl } from '../../lib/openable-url';

/**
 * A tapped contact (docs/product.md, "Config"): type 1 is the chat inside the app (/customer); any other goes out through the
 * `openUrl` event for the host or the native shell to open, and only as https (http on localhost, the demo). When
 * nobody listens (no on('openUrl'), no onEvent) the app opens a new window itself, so a tap never does nothing.
 */
export function openContact(app: AppServices, c: Contact): void {
  app.closeCustomerService();
  if (c.type === 1) return app.router.navigate(`/customer?url=${encodeURIComponent(c.url)}`);
  const url = openableUrl(c.url);
  if (url && !app.events.emit('openUrl', { url, purpose: 'customerService' }))
    window.open(url, '_blank', 'noopener,noreferrer');
}
