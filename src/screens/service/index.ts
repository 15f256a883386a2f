/**
 * The service file: what only a tap (or a 402/403/404 answer) opens, so the script carries none of it. The
 * customer-service popup, the language sheet and /customer. Fetched when first needed, and at idle time on the
 * login form or in a session (src/shell/prefetch.ts).
 */
import '../../ui/styles/palette';
import { defineGroup } from '../define';
import { customerScreen } from './customer';

export { CustomerServicePopup } from './CustomerServicePopup';
export { LanguagePicker } from './LanguagePicker';
export default defineGroup([customerScreen]);
