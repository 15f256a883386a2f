/** The merchant's account and session, as sign-in and `/user/info` answer them. */
import type { Language } from '../languages';
import type { Contact } from './config';

export type AccountState = 'active' | 'not_activated' | 'disabled' | 'deleted';

export interface UserInfo {
  id: number;
  username: string;
  nickname: string;
  email: string;
  phone: string;
  /** 'register' for merchants who signed up here; a partner's entry key for those who came through /entry. */
  entry: string;
  /**
   * Whether the merchant has a login password (those who signed up here do; a partner's, who sign in only through
   * its signed links, do not). What asks for it (the first transaction password) asks only when there is one.
   */
  has_login_password: boolean;
  lang: Language;
  avatar: string;
  store_opened: boolean;
  credit_score: number;
  level: number;
  proxy_id: string;
  customer_service_url?: Contact[];
  recharge_customer_service_url?: Contact[];
}

export interface AuthResult {
  token: string;
  expires_at: string;
}
