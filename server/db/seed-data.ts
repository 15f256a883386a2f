/** Default configuration documents written by the seed (see seed.ts). Edit the database to change a running server. */
import type { Banner, Faq, Language, LanguageMapEntry, WithdrawMethod } from '../../src/api/contract';

type Labels = Record<Language, string>;

/** One entry per interface language (spec §1): which browser/app codes map to it, and its own name. */
export const LANGUAGE_MAP: LanguageMapEntry[] = [
  { targets: 'cht', source: 'zh-TW,zh-HK,zh-MO,zh-Hant,zh-Hant-TW,zh-Hant-HK,cht', description: '繁體中文' },
  { targets: 'de', source: 'de,de-DE,de-AT,de-CH,de-LI,de-LU', description: 'Deutsch' },
  { targets: 'en', source: 'en,en-US,en-GB,en-AU,en-CA,en-IN,en-NZ,en-IE,en-SG', description: 'English' },
  { targets: 'fr', source: 'fr,fr-FR,fr-BE,fr-CA,fr-CH,fr-LU', description: 'Français' },
  { targets: 'jp', source: 'ja,ja-JP,jp', description: '日本語' },
  { targets: 'kor', source: 'ko,ko-KR,kor', description: '한국어' },
  { targets: 'pt', source: 'pt,pt-BR,pt-PT', description: 'Português' },
  { targets: 'ru', source: 'ru,ru-RU,ru-BY,ru-KZ', description: 'Русский' },
  { targets: 'spa', source: 'es,es-ES,es-MX,es-AR,es-CO,es-CL,es-419,spa', description: 'Español' },
  { targets: 'th', source: 'th,th-TH', description: 'ไทย' },
  { targets: 'vi', source: 'vi,vi-VN', description: 'Tiếng Việt' },
  { targets: 'zh', source: 'zh,zh-CN,zh-SG,zh-Hans,zh-Hans-CN,zhs', description: '简体中文' },
];

export interface SeedContact { id: number; kind: 'service' | 'recharge'; type: number; url: string; label: Labels; sort: number }

export const CONTACTS: SeedContact[] = [
  {
    id: 1, kind: 'service', type: 1, url: '/chat.html', sort: 1,
    label: {
      cht: '線上客服', de: 'Online-Kundendienst', en: 'Online customer service', fr: 'Service client en ligne',
      jp: 'オンラインカスタマーサービス', kor: '온라인 고객센터', pt: 'Atendimento online', ru: 'Онлайн-поддержка',
      spa: 'Atención al cliente en línea', th: 'ฝ่ายบริการลูกค้าออนไลน์', vi: 'Chăm sóc khách hàng trực tuyến', zh: '在线客服',
    },
  },
  {
    id: 2, kind: 'service', type: 2, url: 'https://example.com/support', sort: 2,
    label: {
      cht: '支援網站', de: 'Support-Website', en: 'Support website', fr: "Site d'assistance", jp: 'サポートサイト',
      kor: '지원 웹사이트', pt: 'Site de suporte', ru: 'Сайт поддержки', spa: 'Sitio de soporte',
      th: 'เว็บไซต์ช่วยเหลือ', vi: 'Trang hỗ trợ', zh: '支持网站',
    },
  },
  {
    id: 3, kind: 'recharge', type: 1, url: '/chat.html?topic=recharge', sort: 1,
    label: {
      cht: '儲值客服', de: 'Aufladeservice', en: 'Recharge service', fr: 'Service de recharge', jp: 'チャージサービス',
      kor: '충전 고객센터', pt: 'Serviço de recarga', ru: 'Служба пополнения', spa: 'Servicio de recarga',
      th: 'บริการเติมเงิน', vi: 'Dịch vụ nạp tiền', zh: '充值客服',
    },
  },
  {
    id: 4, kind: 'recharge', type: 2, url: 'https://example.com/recharge', sort: 2,
    label: {
      cht: '儲值支援網站', de: 'Auflade-Support-Website', en: 'Recharge support website', fr: "Site d'assistance recharge",
      jp: 'チャージサポートサイト', kor: '충전 지원 웹사이트', pt: 'Site de suporte de recarga', ru: 'Сайт поддержки пополнения',
      spa: 'Sitio de soporte de recargas', th: 'เว็บไซต์ช่วยเหลือการเติมเงิน', vi: 'Trang hỗ trợ nạp tiền', zh: '充值支持网站',
    },
  },
];

export const WITHDRAW_METHODS: WithdrawMethod[] = [
  { id: 1, name: 'Bank card', kind: 'bank' },
  { id: 2, name: 'USDT (TRC20) wallet address', kind: 'wallet' },
];

const qa = (id: number, question: string, answer: string): Faq => ({ id, question: { en: question }, answer: { en: answer } });

/** The five FAQ entries of the ad centre (spec §1). English only; the client falls back to en. */
export const FAQS: Faq[] = [
  qa(1, 'What is a license key?', 'A license key is given to you by your account manager. You need one to register a merchant account.'),
  qa(2, 'How do I open my ad account?', 'After logging in, enter the authorization code you received on the welcome page. Your store opens at once.'),
  qa(3, 'How do I top up my balance?', 'Deposits are manual: contact recharge customer service from the wallet page and follow their instructions.'),
  qa(4, 'When can I withdraw?', 'Withdrawals are available once your start-up funds have been returned via customer service and a transaction password is set.'),
  qa(5, 'How long is the learning phase?', 'A new plan needs about 30 to 50 conversions within 7 days before delivery stabilises.'),
];

export const PRIVACY_POLICY: Partial<Record<Language, string>> = {
  en: 'We store the account details you give us (username, email, phone) and your activity in this service only to run your ' +
    'ad account. We do not sell personal data. Contact customer service to have your account and data deleted.',
};

const bannerSvg = (from: string, to: string, text: string) =>
  'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="750" height="300" rx="24" fill="url(#g)"/>` +
    `<text x="48" y="170" font-family="sans-serif" font-size="48" font-weight="700" fill="#fff">${text}</text></svg>`,
  );

export const BANNERS: Banner[] = [
  {
    id: 1, image: bannerSvg('#ff7a45', '#f5222d', 'Reach over 3 billion users'),
    title: { en: 'Reach over 3 billion users' },
    content: { en: 'Put your first plan live today: the learning phase needs about 30 to 50 conversions within 7 days.' },
  },
  {
    id: 2, image: bannerSvg('#36cfc9', '#1677ff', 'Newcomer support coupon'),
    title: { en: 'Newcomer support coupon' },
    content: { en: 'New merchants can claim a support coupon once from the activities page.' },
  },
];
