/**
 * Seed of coupon templates and activities (shared) and of one merchant's coupons (every kind and state) and
 * follow records. Idempotent like seed.ts: only what is missing is inserted, nothing is overwritten.
 *
 *   Templates   ids 1-8: one of each kind (COUPON_KINDS), 9: the new-user support coupon (new_user = 1),
 *               10: the display-volume discount coupon; names in all 12 languages. The activities' descriptions
 *               say what the coupon is for; the card says the limit (once per account, once a day), once.
 *   Activities  new_user_support (once per merchant), display_discount (once per local day)
 *   Config      activity_rules, game_description (rich text, 12 languages, sanitized)
 *   Per merchant (the demo and every fresh test merchant), relative to the time of seeding:
 *               14 unused (every kind; five names held twice; one expires within the next day),
 *               4 used, 4 expired (stored unused, expire_at in the past), follows of 10000011 and 10000012
 */
import type { Language } from '../../src/api/languages';
import type { RichText } from '../../src/api/shapes/config';
import type { CouponKind } from '../../src/api/shapes/coupon';
import { sanitizeRichText } from '../lib/sanitize';
import type { Db } from '../storage/engine';
import { activeNicknameByProxyId, configText, insertRows, userHasRows } from '../storage/seed';

type Names = Record<Language, string>;

interface Template {
  id: number;
  kind: CouponKind;
  amount_cents: number;
  requirement_cents: number;
  valid_days: number;
  new_user?: 1;
  name: Names;
}

/**
 * discount amounts are percentages in hundredths (1000 = 10.00 %); every other kind's are cents. Wallet kinds
 * (COUPON_USE) have no requirement: only a put coupon applies to a put amount.
 */
const TEMPLATES: Template[] = [
  {
    id: 1,
    kind: 'discount',
    amount_cents: 1000,
    requirement_cents: 10_000,
    valid_days: 30,
    name: {
      cht: '計畫折扣券',
      de: 'Plan-Rabattgutschein',
      en: 'Plan discount coupon',
      fr: 'Bon de réduction sur plan',
      jp: 'プラン割引クーポン',
      kor: '플랜 할인 쿠폰',
      pt: 'Cupom de desconto de plano',
      ru: 'Скидочный купон на план',
      spa: 'Cupón de descuento de plan',
      th: 'คูปองส่วนลดแผน',
      vi: 'Phiếu giảm giá kế hoạch',
      zh: '计划折扣券',
    },
  },
  {
    id: 2,
    kind: 'deduction',
    amount_cents: 2000,
    requirement_cents: 20_000,
    valid_days: 30,
    name: {
      cht: '新計畫抵扣券',
      de: 'Abzugsgutschein für neue Pläne',
      en: 'New plan deduction coupon',
      fr: 'Bon de déduction nouveau plan',
      jp: '新規プラン控除クーポン',
      kor: '신규 플랜 차감 쿠폰',
      pt: 'Cupom de dedução para novo plano',
      ru: 'Купон-вычет на новый план',
      spa: 'Cupón de deducción para nuevo plan',
      th: 'คูปองหักลดแผนใหม่',
      vi: 'Phiếu khấu trừ kế hoạch mới',
      zh: '新计划抵扣券',
    },
  },
  {
    id: 3,
    kind: 'addition',
    amount_cents: 1500,
    requirement_cents: 0,
    valid_days: 30,
    name: {
      cht: '曝光加碼券',
      de: 'Reichweiten-Bonusgutschein',
      en: 'Exposure bonus coupon',
      fr: "Bon bonus d'exposition",
      jp: '露出ボーナスクーポン',
      kor: '노출 보너스 쿠폰',
      pt: 'Cupom de bônus de exposição',
      ru: 'Бонусный купон на показы',
      spa: 'Cupón de bonificación de exposición',
      th: 'คูปองโบนัสการมองเห็น',
      vi: 'Phiếu thưởng hiển thị',
      zh: '曝光加码券',
    },
  },
  {
    id: 4,
    kind: 'fixed',
    amount_cents: 5000,
    requirement_cents: 0,
    valid_days: 30,
    name: {
      cht: '固定金額獎勵券',
      de: 'Festbetrag-Prämie',
      en: 'Fixed-amount reward',
      fr: 'Récompense à montant fixe',
      jp: '定額リワード',
      kor: '정액 리워드',
      pt: 'Recompensa de valor fixo',
      ru: 'Фиксированное вознаграждение',
      spa: 'Recompensa de importe fijo',
      th: 'รางวัลจำนวนคงที่',
      vi: 'Phần thưởng số tiền cố định',
      zh: '固定金额奖励券',
    },
  },
  {
    id: 5,
    kind: 'value_added',
    amount_cents: 3000,
    requirement_cents: 0,
    valid_days: 30,
    name: {
      cht: '成長增值券',
      de: 'Wachstums-Mehrwertgutschein',
      en: 'Growth value-added voucher',
      fr: 'Bon à valeur ajoutée croissance',
      jp: '成長付加価値バウチャー',
      kor: '성장 부가가치 바우처',
      pt: 'Voucher de valor agregado de crescimento',
      ru: 'Ваучер роста с добавленной стоимостью',
      spa: 'Vale de valor añadido de crecimiento',
      th: 'บัตรกำนัลมูลค่าเพิ่มเพื่อการเติบโต',
      vi: 'Phiếu giá trị gia tăng tăng trưởng',
      zh: '成长增值券',
    },
  },
  {
    id: 6,
    kind: 'deduction_voucher',
    amount_cents: 1000,
    requirement_cents: 5000,
    valid_days: 30,
    name: {
      cht: '週末抵扣券',
      de: 'Wochenend-Abzugsgutschein',
      en: 'Weekend deduction voucher',
      fr: 'Bon de déduction du week-end',
      jp: '週末控除バウチャー',
      kor: '주말 차감 바우처',
      pt: 'Voucher de dedução de fim de semana',
      ru: 'Ваучер-вычет выходного дня',
      spa: 'Vale de deducción de fin de semana',
      th: 'บัตรกำนัลหักลดวันหยุดสุดสัปดาห์',
      vi: 'Phiếu khấu trừ cuối tuần',
      zh: '周末抵扣券',
    },
  },
  {
    id: 7,
    kind: 'team',
    amount_cents: 2500,
    requirement_cents: 0,
    valid_days: 30,
    name: {
      cht: '團隊啟動券',
      de: 'Team-Startgutschein',
      en: 'Team launch coupon',
      fr: "Bon de lancement d'équipe",
      jp: 'チームスタートクーポン',
      kor: '팀 런칭 쿠폰',
      pt: 'Cupom de lançamento em equipe',
      ru: 'Командный стартовый купон',
      spa: 'Cupón de lanzamiento en equipo',
      th: 'คูปองเปิดตัวทีม',
      vi: 'Phiếu khởi động nhóm',
      zh: '团队启动券',
    },
  },
  {
    id: 8,
    kind: 'custom',
    amount_cents: 500,
    requirement_cents: 0,
    valid_days: 30,
    name: {
      cht: '商家感謝券',
      de: 'Dankeschön-Gutschein',
      en: 'Thank-you coupon',
      fr: 'Bon de remerciement',
      jp: '感謝クーポン',
      kor: '감사 쿠폰',
      pt: 'Cupom de agradecimento',
      ru: 'Купон-благодарность',
      spa: 'Cupón de agradecimiento',
      th: 'คูปองขอบคุณ',
      vi: 'Phiếu tri ân',
      zh: '商家感谢券',
    },
  },
  {
    id: 9,
    kind: 'deduction',
    amount_cents: 5000,
    requirement_cents: 0,
    valid_days: 30,
    new_user: 1,
    name: {
      cht: '新用戶扶持券',
      de: 'Starthilfe-Gutschein für Neukunden',
      en: 'New-user support coupon',
      fr: 'Bon de soutien nouvel utilisateur',
      jp: '新規ユーザー応援クーポン',
      kor: '신규 사용자 지원 쿠폰',
      pt: 'Cupom de apoio a novos usuários',
      ru: 'Купон поддержки новых пользователей',
      spa: 'Cupón de apoyo para nuevos usuarios',
      th: 'คูปองสนับสนุนผู้ใช้ใหม่',
      vi: 'Phiếu hỗ trợ người dùng mới',
      zh: '新用户扶持券',
    },
  },
  {
    id: 10,
    kind: 'discount',
    amount_cents: 1500,
    requirement_cents: 10_000,
    valid_days: 7,
    name: {
      cht: '展示量折扣券',
      de: 'Rabattgutschein für Anzeigenvolumen',
      en: 'Display-volume discount coupon',
      fr: "Bon de réduction sur le volume d'affichage",
      jp: '表示量割引クーポン',
      kor: '노출량 할인 쿠폰',
      pt: 'Cupom de desconto por volume de exibição',
      ru: 'Скидочный купон на объём показов',
      spa: 'Cupón de descuento por volumen de visualización',
      th: 'คูปองส่วนลดตามปริมาณการแสดงผล',
      vi: 'Phiếu giảm giá theo lượt hiển thị',
      zh: '展示量折扣券',
    },
  },
];

interface SeedActivity {
  id: number;
  kind: 'new_user_support' | 'display_discount';
  coupon_id: number;
  sort: number;
  title: Names;
  description: Names;
}

const ACTIVITIES: SeedActivity[] = [
  {
    id: 1,
    kind: 'new_user_support',
    coupon_id: 9,
    sort: 1,
    title: {
      cht: '新用戶扶持',
      de: 'Starthilfe für Neukunden',
      en: 'New-user support',
      fr: 'Soutien aux nouveaux utilisateurs',
      jp: '新規ユーザー応援',
      kor: '신규 사용자 지원',
      pt: 'Apoio a novos usuários',
      ru: 'Поддержка новых пользователей',
      spa: 'Apoyo para nuevos usuarios',
      th: 'สนับสนุนผู้ใช้ใหม่',
      vi: 'Hỗ trợ người dùng mới',
      zh: '新用户扶持',
    },
    description: {
      cht: '為您的首批計畫準備的歡迎券。',
      de: 'Ein Willkommensgutschein für Ihre ersten Pläne.',
      en: 'A welcome coupon for your first plans.',
      fr: 'Un bon de bienvenue pour vos premiers plans.',
      jp: '最初のプランに使えるウェルカムクーポンです。',
      kor: '첫 플랜을 위한 환영 쿠폰입니다.',
      pt: 'Um cupom de boas-vindas para seus primeiros planos.',
      ru: 'Приветственный купон для ваших первых планов.',
      spa: 'Un cupón de bienvenida para tus primeros planes.',
      th: 'คูปองต้อนรับสำหรับแผนแรกของคุณ',
      vi: 'Phiếu chào mừng cho những kế hoạch đầu tiên của bạn.',
      zh: '为您的首批计划准备的欢迎券。',
    },
  },
  {
    id: 2,
    kind: 'display_discount',
    coupon_id: 10,
    sort: 2,
    title: {
      cht: '展示量折扣',
      de: 'Rabatt auf Anzeigenvolumen',
      en: 'Display-volume discount',
      fr: "Réduction sur le volume d'affichage",
      jp: '表示量割引',
      kor: '노출량 할인',
      pt: 'Desconto por volume de exibição',
      ru: 'Скидка на объём показов',
      spa: 'Descuento por volumen de visualización',
      th: 'ส่วนลดตามปริมาณการแสดงผล',
      vi: 'Giảm giá theo lượt hiển thị',
      zh: '展示量折扣',
    },
    description: {
      cht: '計畫展示量享折扣。',
      de: 'Rabatt auf das Anzeigenvolumen Ihrer Pläne.',
      en: "A discount on your plans' display volume.",
      fr: "Une réduction sur le volume d'affichage de vos plans.",
      jp: 'プランの表示量に使える割引です。',
      kor: '플랜 노출량에 대한 할인입니다.',
      pt: 'Um desconto no volume de exibição dos seus planos.',
      ru: 'Скидка на объём показов ваших планов.',
      spa: 'Un descuento en el volumen de visualización de tus planes.',
      th: 'ส่วนลดสำหรับปริมาณการแสดงผลของแผนคุณ',
      vi: 'Giảm giá cho lượt hiển thị của kế hoạch.',
      zh: '计划展示量享折扣。',
    },
  },
];

const ACTIVITY_RULES: RichText = {
  cht: '<ol><li>新用戶扶持券每個帳戶限領一次。</li><li>展示量折扣券每天可領取一次，日期以您所在的時區為準。</li><li>同名優惠券每天僅能使用一張。</li><li>優惠券於標示的時間到期，已過期或已使用的優惠券無法使用。</li><li>濫用活動的帳戶可能會被取消獎勵。</li></ol>',
  de: '<ol><li>Der Starthilfe-Gutschein für Neukunden kann einmal pro Konto abgeholt werden.</li><li>Der Rabattgutschein für Anzeigenvolumen kann einmal täglich abgeholt werden; der Tag richtet sich nach Ihrer Zeitzone.</li><li>Pro Tag kann nur ein Gutschein desselben Namens eingelöst werden.</li><li>Gutscheine verfallen zum angegebenen Zeitpunkt; abgelaufene oder eingelöste Gutscheine können nicht verwendet werden.</li><li>Bei Missbrauch der Aktionen können Prämien entzogen werden.</li></ol>',
  en: '<ol><li>The new-user support coupon can be received once per account.</li><li>The display-volume discount coupon can be received once a day; the day follows your own time zone.</li><li>Only one coupon of the same name can be used per day.</li><li>Coupons expire at the time shown on them; expired or used coupons cannot be used.</li><li>Accounts that abuse the activities may lose their rewards.</li></ol>',
  fr: "<ol><li>Le bon de soutien nouvel utilisateur ne peut être reçu qu'une fois par compte.</li><li>Le bon de réduction sur le volume d'affichage peut être reçu une fois par jour, selon votre fuseau horaire.</li><li>Un seul bon du même nom peut être utilisé par jour.</li><li>Les bons expirent à l'heure indiquée ; un bon expiré ou déjà utilisé ne peut plus servir.</li><li>Les comptes qui abusent des activités peuvent perdre leurs récompenses.</li></ol>",
  jp: '<ol><li>新規ユーザー応援クーポンは1アカウントにつき1回受け取れます。</li><li>表示量割引クーポンは1日1回受け取れます。日付はお客様のタイムゾーンに基づきます。</li><li>同じ名前のクーポンは1日1枚のみ使用できます。</li><li>クーポンは表示された日時に期限切れとなります。期限切れまたは使用済みのクーポンは使用できません。</li><li>キャンペーンを不正に利用したアカウントは特典を失う場合があります。</li></ol>',
  kor: '<ol><li>신규 사용자 지원 쿠폰은 계정당 한 번 받을 수 있습니다.</li><li>노출량 할인 쿠폰은 하루에 한 번 받을 수 있으며, 날짜는 사용자의 시간대를 기준으로 합니다.</li><li>같은 이름의 쿠폰은 하루에 한 장만 사용할 수 있습니다.</li><li>쿠폰은 표시된 시간에 만료되며, 만료되었거나 사용한 쿠폰은 사용할 수 없습니다.</li><li>이벤트를 악용한 계정은 혜택이 취소될 수 있습니다.</li></ol>',
  pt: '<ol><li>O cupom de apoio a novos usuários pode ser recebido uma vez por conta.</li><li>O cupom de desconto por volume de exibição pode ser recebido uma vez por dia, conforme o seu fuso horário.</li><li>Só é possível usar um cupom com o mesmo nome por dia.</li><li>Os cupons expiram no horário indicado; cupons expirados ou usados não podem ser usados.</li><li>Contas que abusarem das atividades podem perder as recompensas.</li></ol>',
  ru: '<ol><li>Купон поддержки новых пользователей можно получить один раз на аккаунт.</li><li>Скидочный купон на объём показов можно получать раз в день; день считается по вашему часовому поясу.</li><li>В день можно использовать только один купон с одинаковым названием.</li><li>Купоны истекают в указанное время; истёкшие и использованные купоны применить нельзя.</li><li>Аккаунты, злоупотребляющие акциями, могут лишиться вознаграждений.</li></ol>',
  spa: '<ol><li>El cupón de apoyo para nuevos usuarios se puede recibir una vez por cuenta.</li><li>El cupón de descuento por volumen de visualización se puede recibir una vez al día, según tu zona horaria.</li><li>Solo se puede usar un cupón con el mismo nombre al día.</li><li>Los cupones caducan en la hora indicada; los cupones caducados o usados no se pueden usar.</li><li>Las cuentas que abusen de las actividades pueden perder sus recompensas.</li></ol>',
  th: '<ol><li>คูปองสนับสนุนผู้ใช้ใหม่รับได้หนึ่งครั้งต่อบัญชี</li><li>คูปองส่วนลดตามปริมาณการแสดงผลรับได้วันละหนึ่งครั้ง โดยนับวันตามเขตเวลาของคุณ</li><li>คูปองชื่อเดียวกันใช้ได้เพียงวันละหนึ่งใบ</li><li>คูปองหมดอายุตามเวลาที่แสดงไว้ คูปองที่หมดอายุหรือใช้แล้วจะไม่สามารถใช้ได้</li><li>บัญชีที่ใช้กิจกรรมในทางที่ผิดอาจถูกยกเลิกรางวัล</li></ol>',
  vi: '<ol><li>Phiếu hỗ trợ người dùng mới chỉ nhận được một lần cho mỗi tài khoản.</li><li>Phiếu giảm giá theo lượt hiển thị nhận được mỗi ngày một lần, theo múi giờ của bạn.</li><li>Mỗi ngày chỉ dùng được một phiếu cùng tên.</li><li>Phiếu hết hạn vào thời điểm ghi trên phiếu; phiếu đã hết hạn hoặc đã dùng không thể sử dụng.</li><li>Tài khoản lạm dụng hoạt động có thể bị thu hồi phần thưởng.</li></ol>',
  zh: '<ol><li>新用户扶持券每个账户限领一次。</li><li>展示量折扣券每天可领取一次，日期以您所在的时区为准。</li><li>同名优惠券每天仅能使用一张。</li><li>优惠券在标示的时间到期，已过期或已使用的优惠券无法使用。</li><li>滥用活动的账户可能会被取消奖励。</li></ol>',
};

const GAME_DESCRIPTION: RichText = {
  cht: '<h3>玩法說明</h3><p>在活動中領取優惠券，領取後會以未使用狀態放入<strong>我的優惠券</strong>。</p><ul><li>錢包券：在我的優惠券中兌換，金額會計入錢包的折扣金額。</li><li>投放券（折扣券與抵扣券）：在投放符合使用條件的計畫時使用。</li><li>使用條件是投放券適用的最低投放金額。</li></ul>',
  de: '<h3>So funktioniert es</h3><p>Holen Sie Gutscheine in den Aktionen ab; sie liegen unbenutzt unter <strong>Meine Gutscheine</strong>.</p><ul><li>Gutscheine für die Geldbörse: Lösen Sie sie unter Meine Gutscheine ein, dann wird ihr Betrag dem Rabattguthaben Ihrer Geldbörse gutgeschrieben.</li><li>Einsatz-Gutscheine (Rabatt- und Abzugsgutscheine) gelten, wenn Sie einen Plan einsetzen, der ihre Bedingung erfüllt.</li><li>Die Bedingung ist der niedrigste Einsatzbetrag, für den ein Einsatz-Gutschein gilt.</li></ul>',
  en: "<h3>How it works</h3><p>Get coupons in the activities; they wait unused in <strong>My coupons</strong>.</p><ul><li>Wallet coupons: redeem them in My coupons to add their amount to your wallet's discount amount.</li><li>Put coupons (discount and deduction coupons) apply when you put a plan that meets their requirement.</li><li>The requirement is the lowest put amount a put coupon applies to.</li></ul>",
  fr: "<h3>Comment ça marche</h3><p>Obtenez des coupons dans les activités ; ils vous attendent, non utilisés, dans <strong>Mes coupons</strong>.</p><ul><li>Coupons portefeuille : échangez-les dans Mes coupons pour ajouter leur montant au montant de réduction de votre portefeuille.</li><li>Coupons d'investissement (coupons de réduction et de déduction) : ils s'appliquent quand vous investissez dans un plan qui remplit leur condition.</li><li>La condition est le montant d'investissement minimal auquel un coupon d'investissement s'applique.</li></ul>",
  jp: '<h3>遊び方</h3><p>キャンペーンでクーポンを受け取ると、未使用のまま<strong>マイクーポン</strong>に入ります。</p><ul><li>ウォレットクーポン：マイクーポンで交換すると、金額がウォレットの割引額に加算されます。</li><li>投入クーポン（割引・控除クーポン）：条件を満たすプランを投入するときに適用されます。</li><li>条件とは、投入クーポンが適用される最低投入金額です。</li></ul>',
  kor: '<h3>이용 방법</h3><p>이벤트에서 쿠폰을 받으면 <strong>내 쿠폰</strong>에 미사용 상태로 보관됩니다.</p><ul><li>지갑 쿠폰: 내 쿠폰에서 전환하면 금액이 지갑의 할인 금액에 더해집니다.</li><li>투입 쿠폰(할인·차감 쿠폰): 조건을 충족하는 플랜에 투입할 때 적용됩니다.</li><li>조건은 투입 쿠폰이 적용되는 최저 투입 금액입니다.</li></ul>',
  pt: '<h3>Como funciona</h3><p>Obtenha cupons nas atividades; eles ficam sem uso em <strong>Meus cupons</strong>.</p><ul><li>Cupons de carteira: resgate-os em Meus cupons para somar o valor ao saldo de desconto da sua carteira.</li><li>Cupons de investimento (cupons de desconto e de dedução) valem quando você investe em um plano que cumpre o requisito.</li><li>O requisito é o valor mínimo de investimento ao qual um cupom de investimento se aplica.</li></ul>',
  ru: '<h3>Как это работает</h3><p>Получайте купоны в акциях — они ждут в разделе <strong>Мои купоны</strong>.</p><ul><li>Купоны для кошелька: зачислите их в разделе «Мои купоны», и сумма добавится к скидочному балансу кошелька.</li><li>Купоны на вложение (скидочные купоны и купоны-вычеты) применяются, когда вы вкладываете в план, отвечающий условию.</li><li>Условие — минимальная сумма вложения, к которой применяется купон.</li></ul>',
  spa: '<h3>Cómo funciona</h3><p>Obtén cupones en las actividades; te esperan sin usar en <strong>Mis cupones</strong>.</p><ul><li>Cupones de billetera: canjéalos en Mis cupones para sumar su importe al saldo de descuento de tu billetera.</li><li>Cupones de inversión (cupones de descuento y de deducción): se aplican cuando inviertes en un plan que cumple su requisito.</li><li>El requisito es el importe mínimo de inversión al que se aplica un cupón de inversión.</li></ul>',
  th: '<h3>วิธีการเล่น</h3><p>รับคูปองในกิจกรรม แล้วคูปองจะอยู่ใน<strong>คูปองของฉัน</strong>ในสถานะยังไม่ใช้</p><ul><li>คูปองกระเป๋าเงิน: แลกในคูปองของฉัน แล้วมูลค่าจะเพิ่มเข้ายอดส่วนลดของกระเป๋าเงิน</li><li>คูปองลงโฆษณา (คูปองส่วนลดและคูปองหักลด): ใช้เมื่อคุณลงโฆษณาแผนที่ตรงตามเงื่อนไข</li><li>เงื่อนไขคือยอดลงโฆษณาขั้นต่ำที่คูปองลงโฆษณาใช้ได้</li></ul>',
  vi: '<h3>Cách chơi</h3><p>Nhận phiếu trong các hoạt động; phiếu nằm ở mục <strong>Phiếu của tôi</strong> với trạng thái chưa dùng.</p><ul><li>Phiếu ví: đổi trong Phiếu của tôi để cộng số tiền vào khoản giảm giá trong ví.</li><li>Phiếu đầu tư (phiếu giảm giá và phiếu khấu trừ): áp dụng khi bạn đầu tư một kế hoạch đáp ứng điều kiện.</li><li>Điều kiện là số tiền đầu tư tối thiểu mà phiếu đầu tư áp dụng.</li></ul>',
  zh: '<h3>玩法说明</h3><p>在活动中领取优惠券，领取后以未使用状态放入<strong>我的优惠券</strong>。</p><ul><li>钱包券：在我的优惠券中兑换，金额计入钱包的折扣金额。</li><li>投放券（折扣券和抵扣券）：在投放符合使用条件的计划时使用。</li><li>使用条件是投放券适用的最低投放金额。</li></ul>',
};

/** Shared rows: coupon templates, activities, activity rules and game description. */
export async function seedCouponTemplates(db: Db, now: string): Promise<void> {
  void now;
  await insertRows(
    db,
    'coupons',
    TEMPLATES.map((t) => ({
      id: t.id,
      name: JSON.stringify(t.name),
      kind: t.kind,
      amount_cents: t.amount_cents,
      requirement_cents: t.requirement_cents,
      valid_days: t.valid_days,
      new_user: t.new_user ?? 0,
    })),
  );
  await insertRows(
    db,
    'activities',
    ACTIVITIES.map((a) => ({
      id: a.id,
      kind: a.kind,
      coupon_id: a.coupon_id,
      title: JSON.stringify(a.title),
      description: JSON.stringify(a.description),
      sort: a.sort,
    })),
  );
  for (const [key, text] of [
    ['activity_rules', ACTIVITY_RULES],
    ['game_description', GAME_DESCRIPTION],
  ] as const) {
    if ((await configText(db, key)) === undefined)
      await insertRows(db, 'config', [{ key, value: JSON.stringify(sanitizeRichText(text)) }]);
  }
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A merchant's coupons, relative to the time of seeding: `ago` days since receiving (each row its own day, so the
 * one-per-day index never collides), `expires` hours from now (negative: already expired), `usedAgo` days since use.
 */
const HELD: { coupon: number; ago: number; expires: number; usedAgo?: number }[] = [
  // unused: every kind, five names held twice (the second of a name is refused on the day the first is used)
  { coupon: 1, ago: 1, expires: 29 * 24 },
  { coupon: 2, ago: 2, expires: 28 * 24 },
  { coupon: 3, ago: 3, expires: 27 * 24 },
  { coupon: 4, ago: 4, expires: 26 * 24 },
  { coupon: 5, ago: 5, expires: 25 * 24 },
  { coupon: 6, ago: 6, expires: 24 * 24 },
  { coupon: 7, ago: 7, expires: 23 * 24 },
  { coupon: 8, ago: 8, expires: 22 * 24 },
  { coupon: 2, ago: 9, expires: 21 * 24 },
  { coupon: 4, ago: 10, expires: 20 * 24 },
  { coupon: 6, ago: 11, expires: 19 * 24 },
  { coupon: 1, ago: 12, expires: 18 * 24 },
  { coupon: 5, ago: 13, expires: 17 * 24 },
  // unused, expiring within the next day
  { coupon: 3, ago: 29, expires: 6 },
  // used
  { coupon: 2, ago: 15, expires: 15 * 24, usedAgo: 14 },
  { coupon: 5, ago: 16, expires: 14 * 24, usedAgo: 15 },
  { coupon: 7, ago: 17, expires: 13 * 24, usedAgo: 16 },
  { coupon: 8, ago: 18, expires: 12 * 24, usedAgo: 2 },
  // expired by time (stored unused)
  { coupon: 4, ago: 35, expires: -1 },
  { coupon: 1, ago: 40, expires: -10 * 24 },
  { coupon: 3, ago: 45, expires: -15 * 24 },
  { coupon: 6, ago: 50, expires: -20 * 24 },
];

/** The operators every seeded merchant follows (seeded by seedAdCenter as shop-a and shop-b). */
const FOLLOWED = [
  { proxy_id: '10000011', ago: 3 },
  { proxy_id: '10000012', ago: 1 },
];

/** One merchant's coupons of every kind and state, and follow records. Cheap: about two dozen inserts. */
export async function seedMerchantCoupons(db: Db, userId: number, now: string): Promise<void> {
  const t = Date.parse(now);
  const at = (ms: number) => new Date(ms).toISOString();

  if (!(await userHasRows(db, 'user_coupons', userId))) {
    await insertRows(
      db,
      'user_coupons',
      HELD.map((h) => {
        const received = at(t - h.ago * DAY_MS);
        const used = h.usedAgo === undefined ? null : at(t - h.usedAgo * DAY_MS);
        return {
          user_id: userId,
          coupon_id: h.coupon,
          state: used ? 'used' : 'unused',
          received_day: received.slice(0, 10),
          received_at: received,
          expire_at: at(t + h.expires * HOUR_MS),
          used_at: used,
          used_day: used?.slice(0, 10) ?? null,
        };
      }),
    );
  }

  for (const f of FOLLOWED) {
    const nickname = await activeNicknameByProxyId(db, f.proxy_id, userId);
    if (nickname !== undefined)
      await insertRows(db, 'follow_records', [
        { user_id: userId, proxy_id: f.proxy_id, nickname, created_at: at(t - f.ago * DAY_MS) },
      ]);
  }
}
