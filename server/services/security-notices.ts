/**
 * The inbox messages a merchant gets when what guards the money changes: the transaction password set or changed,
 * the payout account (bank card or wallet address) bound or changed (docs/product.md, "Notifications"). Whoever
 * made the change, the merchant reads of it on every device, so a change made with a stolen session does not go
 * unseen; a new payout account's hold (PAYOUT_HOLD_HOURS) gives the merchant the time to act on it.
 *
 * Written by the change's own transaction (call inside it), so there is never a change without its message nor a
 * message for a change that was refused or rolled back. Texts in all 12 languages; the account is named only by
 * its last four characters.
 */
import type { Language } from '../../src/api/languages';
import type { BindingKind } from '../../src/api/shapes/wallet';
import type { Db } from '../storage/engine';
import { addNotification } from './notifications';

type Texts = Record<Language, string>;

export type SecurityChange =
  | { kind: 'pay_password_set' }
  | { kind: 'pay_password_changed' }
  | { kind: 'payout_changed'; binding: BindingKind; account: string; first: boolean };

const TITLES: Record<SecurityChange['kind'] | 'payout_bound', Texts> = {
  pay_password_set: {
    cht: '已設定交易密碼',
    de: 'Transaktionspasswort festgelegt',
    en: 'Transaction password set',
    fr: 'Mot de passe de transaction défini',
    jp: '取引パスワードが設定されました',
    kor: '거래 비밀번호가 설정되었습니다',
    pt: 'Senha de transação definida',
    ru: 'Пароль транзакций задан',
    spa: 'Contraseña de transacción establecida',
    th: 'ตั้งรหัสผ่านธุรกรรมแล้ว',
    vi: 'Đã đặt mật khẩu giao dịch',
    zh: '已设置交易密码',
  },
  pay_password_changed: {
    cht: '交易密碼已修改',
    de: 'Transaktionspasswort geändert',
    en: 'Transaction password changed',
    fr: 'Mot de passe de transaction modifié',
    jp: '取引パスワードが変更されました',
    kor: '거래 비밀번호가 변경되었습니다',
    pt: 'Senha de transação alterada',
    ru: 'Пароль транзакций изменён',
    spa: 'Contraseña de transacción cambiada',
    th: 'เปลี่ยนรหัสผ่านธุรกรรมแล้ว',
    vi: 'Đã đổi mật khẩu giao dịch',
    zh: '交易密码已修改',
  },
  payout_bound: {
    cht: '已綁定收款帳戶',
    de: 'Auszahlungskonto verknüpft',
    en: 'Payout account bound',
    fr: 'Compte de retrait associé',
    jp: '出金先口座が登録されました',
    kor: '출금 계좌가 연결되었습니다',
    pt: 'Conta de saque vinculada',
    ru: 'Счёт для вывода привязан',
    spa: 'Cuenta de retiro vinculada',
    th: 'ผูกบัญชีรับเงินแล้ว',
    vi: 'Đã liên kết tài khoản rút tiền',
    zh: '已绑定收款账户',
  },
  payout_changed: {
    cht: '收款帳戶已變更',
    de: 'Auszahlungskonto geändert',
    en: 'Payout account changed',
    fr: 'Compte de retrait modifié',
    jp: '出金先口座が変更されました',
    kor: '출금 계좌가 변경되었습니다',
    pt: 'Conta de saque alterada',
    ru: 'Счёт для вывода изменён',
    spa: 'Cuenta de retiro cambiada',
    th: 'เปลี่ยนบัญชีรับเงินแล้ว',
    vi: 'Đã thay đổi tài khoản rút tiền',
    zh: '收款账户已变更',
  },
};

/** If it was not the merchant: what to do, the same for every change. */
const NOT_YOU: Texts = {
  cht: '如果這不是您本人的操作，請立即修改登入密碼並聯絡客服。',
  de: 'Wenn Sie das nicht waren, ändern Sie sofort Ihr Anmeldepasswort und kontaktieren Sie den Kundenservice.',
  en: 'If this was not you, change your login password now and contact customer service.',
  fr: 'Si ce n’était pas vous, changez tout de suite votre mot de passe de connexion et contactez le service client.',
  jp: 'お心当たりがない場合は、すぐにログインパスワードを変更し、カスタマーサービスにご連絡ください。',
  kor: '본인이 한 변경이 아니라면 지금 바로 로그인 비밀번호를 변경하고 고객센터에 문의해 주세요.',
  pt: 'Se não foi você, altere agora sua senha de login e fale com o atendimento.',
  ru: 'Если это были не вы, сразу смените пароль для входа и свяжитесь с поддержкой.',
  spa: 'Si no fue usted, cambie ahora su contraseña de inicio de sesión y contacte con atención al cliente.',
  th: 'หากไม่ใช่คุณ โปรดเปลี่ยนรหัสผ่านเข้าสู่ระบบทันทีและติดต่อฝ่ายบริการลูกค้า',
  vi: 'Nếu không phải bạn thực hiện, hãy đổi mật khẩu đăng nhập ngay và liên hệ chăm sóc khách hàng.',
  zh: '如果这不是您本人的操作，请立即修改登录密码并联系客服。',
};

const PAY_PASSWORD_SET: Texts = {
  cht: '您的帳戶已設定交易密碼，提領與綁定收款帳戶時需要輸入。',
  de: 'Für Ihr Konto wurde ein Transaktionspasswort festgelegt. Es wird für Auszahlungen und das Verknüpfen eines Auszahlungskontos benötigt.',
  en: 'A transaction password was set for your account. It is needed to withdraw and to bind a payout account.',
  fr: 'Un mot de passe de transaction a été défini pour votre compte. Il est demandé pour retirer et pour associer un compte de retrait.',
  jp: 'お客様のアカウントに取引パスワードが設定されました。出金と出金先口座の登録に必要です。',
  kor: '계정에 거래 비밀번호가 설정되었습니다. 출금과 출금 계좌 연결에 필요합니다.',
  pt: 'Uma senha de transação foi definida para sua conta. Ela é pedida para sacar e para vincular uma conta de saque.',
  ru: 'Для вашего аккаунта задан пароль транзакций. Он нужен для вывода средств и привязки счёта для вывода.',
  spa: 'Se estableció una contraseña de transacción para su cuenta. Se pide para retirar y para vincular una cuenta de retiro.',
  th: 'ตั้งรหัสผ่านธุรกรรมสำหรับบัญชีของคุณแล้ว ต้องใช้รหัสนี้เมื่อถอนเงินและเมื่อผูกบัญชีรับเงิน',
  vi: 'Tài khoản của bạn đã được đặt mật khẩu giao dịch. Mật khẩu này cần khi rút tiền và khi liên kết tài khoản rút tiền.',
  zh: '您的账户已设置交易密码，提现和绑定收款账户时需要输入。',
};

const PAY_PASSWORD_CHANGED: Texts = {
  cht: '您帳戶的交易密碼已修改，舊的交易密碼已失效。',
  de: 'Das Transaktionspasswort Ihres Kontos wurde geändert. Das alte gilt nicht mehr.',
  en: 'The transaction password of your account was changed. The old one no longer works.',
  fr: 'Le mot de passe de transaction de votre compte a été modifié. L’ancien ne fonctionne plus.',
  jp: 'お客様のアカウントの取引パスワードが変更されました。以前のパスワードは使えなくなりました。',
  kor: '계정의 거래 비밀번호가 변경되었습니다. 이전 비밀번호는 더 이상 사용할 수 없습니다.',
  pt: 'A senha de transação da sua conta foi alterada. A anterior deixou de valer.',
  ru: 'Пароль транзакций вашего аккаунта изменён. Старый больше не действует.',
  spa: 'Se cambió la contraseña de transacción de su cuenta. La anterior ya no sirve.',
  th: 'รหัสผ่านธุรกรรมของบัญชีคุณถูกเปลี่ยนแล้ว รหัสเดิมใช้ไม่ได้อีกต่อไป',
  vi: 'Mật khẩu giao dịch của tài khoản bạn đã được thay đổi. Mật khẩu cũ không còn dùng được.',
  zh: '您账户的交易密码已修改，旧的交易密码已失效。',
};

/** `what`: the account as the message names it ("bank card ****8842"); `hours`: the hold. */
const PAYOUT: Record<Language, (what: string, hours: number) => string> = {
  cht: (w, h) => `您的提領將轉入${w}。為保障資金安全，綁定或變更後 ${h} 小時內無法提領。`,
  de: (w, h) =>
    `Ihre Auszahlungen gehen jetzt an ${w}. Zu Ihrer Sicherheit sind Auszahlungen in den ${h} Stunden nach dem Verknüpfen oder Ändern gesperrt.`,
  en: (w, h) =>
    `Your withdrawals now go to ${w}. For your safety, withdrawals are on hold for ${h} hours after a payout account is bound or changed.`,
  fr: (w, h) =>
    `Vos retraits sont désormais versés sur ${w}. Pour votre sécurité, les retraits sont suspendus pendant ${h} heures après l’association ou la modification d’un compte de retrait.`,
  jp: (w, h) => `今後の出金は${w}に振り込まれます。安全のため、出金先口座の登録・変更から ${h} 時間は出金できません。`,
  kor: (w, h) =>
    `이제 출금액은 ${w}에 지급됩니다. 안전을 위해 출금 계좌를 연결하거나 변경한 후 ${h}시간 동안은 출금할 수 없습니다.`,
  pt: (w, h) =>
    `Seus saques agora vão para ${w}. Para sua segurança, os saques ficam suspensos por ${h} horas depois que uma conta de saque é vinculada ou alterada.`,
  ru: (w, h) =>
    `Теперь средства выводятся на ${w}. Для вашей безопасности вывод недоступен ${h} часа после привязки или изменения счёта для вывода.`,
  spa: (w, h) =>
    `Sus retiros ahora van a ${w}. Por su seguridad, los retiros quedan en espera durante ${h} horas después de vincular o cambiar una cuenta de retiro.`,
  th: (w, h) => `ตอนนี้เงินที่ถอนจะโอนเข้า${w} เพื่อความปลอดภัย จะถอนเงินไม่ได้เป็นเวลา ${h} ชั่วโมงหลังผูกหรือเปลี่ยนบัญชีรับเงิน`,
  vi: (w, h) =>
    `Tiền rút của bạn giờ sẽ chuyển đến ${w}. Để bảo đảm an toàn, việc rút tiền tạm dừng ${h} giờ sau khi liên kết hoặc thay đổi tài khoản rút tiền.`,
  zh: (w, h) => `您的提现将转入${w}。为保障资金安全，绑定或变更收款账户后 ${h} 小时内无法提现。`,
};

/** How each language names a bank card or a wallet address ending in `tail`. */
const ACCOUNT: Record<Language, Record<BindingKind, (tail: string) => string>> = {
  cht: { bank: (t) => `尾號 ${t} 的銀行卡`, wallet: (t) => `尾號 ${t} 的錢包地址` },
  de: { bank: (t) => `die Bankkarte ****${t}`, wallet: (t) => `die Wallet-Adresse ****${t}` },
  en: { bank: (t) => `bank card ****${t}`, wallet: (t) => `wallet address ****${t}` },
  fr: { bank: (t) => `la carte bancaire ****${t}`, wallet: (t) => `l’adresse de portefeuille ****${t}` },
  jp: { bank: (t) => `末尾 ${t} の銀行カード`, wallet: (t) => `末尾 ${t} のウォレットアドレス` },
  kor: { bank: (t) => `끝자리 ${t} 은행 카드`, wallet: (t) => `끝자리 ${t} 지갑 주소` },
  pt: { bank: (t) => `o cartão bancário ****${t}`, wallet: (t) => `o endereço de carteira ****${t}` },
  ru: { bank: (t) => `банковскую карту ****${t}`, wallet: (t) => `адрес кошелька ****${t}` },
  spa: { bank: (t) => `la tarjeta bancaria ****${t}`, wallet: (t) => `la dirección de billetera ****${t}` },
  th: { bank: (t) => `บัตรธนาคารลงท้าย ${t}`, wallet: (t) => `ที่อยู่กระเป๋าเงินลงท้าย ${t}` },
  vi: { bank: (t) => `thẻ ngân hàng ****${t}`, wallet: (t) => `địa chỉ ví ****${t}` },
  zh: { bank: (t) => `尾号 ${t} 的银行卡`, wallet: (t) => `尾号 ${t} 的钱包地址` },
};

const LANGS = Object.keys(NOT_YOU) as Language[];
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const each = (f: (lang: Language) => string): Texts => Object.fromEntries(LANGS.map((l) => [l, f(l)])) as Texts;

/** Adds the change's message to the merchant's inbox. Inside the change's transaction. */
export async function noteSecurityChange(
  db: Db,
  userId: number,
  change: SecurityChange,
  at: string,
  holdHours: number,
): Promise<void> {
  const titleKey = change.kind === 'payout_changed' && change.first ? 'payout_bound' : change.kind;
  const body = (lang: Language): string => {
    if (change.kind === 'pay_password_set') return PAY_PASSWORD_SET[lang];
    if (change.kind === 'pay_password_changed') return PAY_PASSWORD_CHANGED[lang];
    return PAYOUT[lang](ACCOUNT[lang][change.binding](change.account.slice(-4)), holdHours);
  };
  await addNotification(db, {
    userId,
    category: 'announcement',
    title: TITLES[titleKey],
    createdAt: at,
    content: each((lang) => `<p>${html(body(lang))}</p><p>${html(NOT_YOU[lang])}</p>`),
  });
}
