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
  lang: Language;
  avatar: string;
  store_opened: boolean;
  credit_score: number;
  level: number;
  proxy_id: string;
  customer_service_url?: Contact[];
  recharge_customer_service_url?: Contact[];
}

export interface AuthResult { token: string; expires_at: string }
