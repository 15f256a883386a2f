/** Default configuration documents written by the seed (see seed.ts). Edit the database to change a running server. */
import type { Language } from '../../src/api/languages';
import type { LevelBenefit } from '../../src/api/shapes/ad-center';
import type { Banner, Faq, LanguageMapEntry, RichText, WithdrawMethod } from '../../src/api/shapes/config';
import type { Cta } from '../../src/api/shapes/cta';
import { sanitizeRichText } from '../lib/sanitize';

type Labels = Record<Language, string>;

/** One entry per interface language (docs/product.md, "Languages"): which browser/app codes map to it, and its own name. */
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

export interface SeedContact {
  id: number;
  kind: 'service' | 'recharge';
  type: number;
  url: string;
  label: Labels;
  sort: number;
}

export const CONTACTS: SeedContact[] = [
  {
    id: 1,
    kind: 'service',
    type: 1,
    url: '/chat.html',
    sort: 1,
    label: {
      cht: '線上客服',
      de: 'Online-Kundendienst',
      en: 'Online customer service',
      fr: 'Service client en ligne',
      jp: 'オンラインカスタマーサービス',
      kor: '온라인 고객센터',
      pt: 'Atendimento online',
      ru: 'Онлайн-поддержка',
      spa: 'Atención al cliente en línea',
      th: 'ฝ่ายบริการลูกค้าออนไลน์',
      vi: 'Chăm sóc khách hàng trực tuyến',
      zh: '在线客服',
    },
  },
  {
    id: 2,
    kind: 'service',
    type: 2,
    url: 'https://example.com/support',
    sort: 2,
    label: {
      cht: '支援網站',
      de: 'Support-Website',
      en: 'Support website',
      fr: "Site d'assistance",
      jp: 'サポートサイト',
      kor: '지원 웹사이트',
      pt: 'Site de suporte',
      ru: 'Сайт поддержки',
      spa: 'Sitio de soporte',
      th: 'เว็บไซต์ช่วยเหลือ',
      vi: 'Trang hỗ trợ',
      zh: '支持网站',
    },
  },
  {
    id: 3,
    kind: 'recharge',
    type: 1,
    url: '/chat.html?topic=recharge',
    sort: 1,
    label: {
      cht: '儲值客服',
      de: 'Aufladeservice',
      en: 'Recharge service',
      fr: 'Service de recharge',
      jp: 'チャージサービス',
      kor: '충전 고객센터',
      pt: 'Serviço de recarga',
      ru: 'Служба пополнения',
      spa: 'Servicio de recarga',
      th: 'บริการเติมเงิน',
      vi: 'Dịch vụ nạp tiền',
      zh: '充值客服',
    },
  },
  {
    id: 4,
    kind: 'recharge',
    type: 2,
    url: 'https://example.com/recharge',
    sort: 2,
    label: {
      cht: '儲值支援網站',
      de: 'Auflade-Support-Website',
      en: 'Recharge support website',
      fr: "Site d'assistance recharge",
      jp: 'チャージサポートサイト',
      kor: '충전 지원 웹사이트',
      pt: 'Site de suporte de recarga',
      ru: 'Сайт поддержки пополнения',
      spa: 'Sitio de soporte de recargas',
      th: 'เว็บไซต์ช่วยเหลือการเติมเงิน',
      vi: 'Trang hỗ trợ nạp tiền',
      zh: '充值支持网站',
    },
  },
];

export const WITHDRAW_METHODS: WithdrawMethod[] = [
  { id: 1, name: 'Bank card', kind: 'bank' },
  { id: 2, name: 'USDT (TRC20) wallet address', kind: 'wallet' },
];

export const PRIVACY_POLICY: Partial<Record<Language, string>> = {
  en:
    'We store the account details you give us (username, email, phone) and your activity in this service only to run your ' +
    'ad account. We do not sell personal data. Contact customer service to have your account and data deleted.',
};

// ---------- the ad centre's content: sanitized here, where it is defined, so what is stored is clean ----------

/**
 * The hostile part of one FAQ answer, kept in the seed as a standing test case: a script, an image whose onerror
 * would run, and a javascript: link. The sanitizer keeps the link's text and drops everything that could run.
 */
const hostile = (linkText: string) =>
  `<p><a href="javascript:alert(document.cookie)">${linkText}</a><img src=x onerror="alert('xss')"><script>alert('xss')</script></p>`;

interface FaqSource {
  id: number;
  question: Labels;
  answer: Labels;
  cta?: Cta;
}

/** The five FAQs as written, before sanitizing (kept for the test that proves the sanitizer's work). */
export const FAQ_SOURCES: readonly FaqSource[] = [
  {
    id: 1,
    question: {
      en: 'What is a license key?',
      cht: '什麼是授權金鑰？',
      zh: '什么是授权密钥？',
      de: 'Was ist ein Lizenzschlüssel?',
      fr: 'Qu’est-ce qu’une clé de licence ?',
      jp: 'ライセンスキーとは何ですか？',
      kor: '라이선스 키란 무엇인가요?',
      pt: 'O que é uma chave de licença?',
      ru: 'Что такое лицензионный ключ?',
      spa: '¿Qué es una clave de licencia?',
      th: 'คีย์ใบอนุญาตคืออะไร',
      vi: 'Khóa giấy phép là gì?',
    },
    answer: {
      en: '<p>A license key is a one-time code from your account manager. You enter it once, when you register your merchant account.</p><p>Lost it, or was it rejected? Contact customer service for a new one.</p>',
      cht: '<p>授權金鑰是客戶經理提供給您的一次性代碼，只在註冊商家帳戶時輸入一次。</p><p>遺失或被拒絕？請聯絡客服取得新的金鑰。</p>',
      zh: '<p>授权密钥是客户经理提供给您的一次性代码，只在注册商家账户时输入一次。</p><p>丢失或被拒绝？请联系客服获取新的密钥。</p>',
      de: '<p>Ein Lizenzschlüssel ist ein einmaliger Code von Ihrem Kundenbetreuer. Sie geben ihn einmal ein, bei der Registrierung Ihres Händlerkontos.</p><p>Verloren oder abgelehnt? Wenden Sie sich an den Kundendienst, um einen neuen zu erhalten.</p>',
      fr: '<p>Une clé de licence est un code à usage unique fourni par votre gestionnaire de compte. Vous la saisissez une seule fois, lors de l’inscription de votre compte marchand.</p><p>Perdue ou refusée ? Contactez le service client pour en obtenir une nouvelle.</p>',
      jp: '<p>ライセンスキーは、担当のアカウントマネージャーから発行される一回限りのコードです。販売者アカウントの登録時に一度だけ入力します。</p><p>紛失した、または拒否された場合は、カスタマーサービスに新しいキーをお問い合わせください。</p>',
      kor: '<p>라이선스 키는 담당 매니저가 발급하는 일회용 코드입니다. 판매자 계정을 등록할 때 한 번만 입력합니다.</p><p>분실했거나 거부되었나요? 고객센터에 문의해 새 키를 받으세요.</p>',
      pt: '<p>A chave de licença é um código de uso único fornecido pelo seu gerente de conta. Você a informa uma única vez, ao registrar sua conta de lojista.</p><p>Perdeu ou ela foi recusada? Fale com o atendimento ao cliente para receber uma nova.</p>',
      ru: '<p>Лицензионный ключ — это одноразовый код, который выдаёт ваш менеджер. Он вводится один раз, при регистрации аккаунта продавца.</p><p>Потеряли ключ или он не принят? Обратитесь в службу поддержки за новым.</p>',
      spa: '<p>La clave de licencia es un código de un solo uso que le entrega su gestor de cuenta. Se introduce una sola vez, al registrar su cuenta de comerciante.</p><p>¿La perdió o fue rechazada? Contacte con atención al cliente para obtener una nueva.</p>',
      th: '<p>คีย์ใบอนุญาตคือรหัสใช้ครั้งเดียวที่ผู้จัดการบัญชีของคุณมอบให้ ใช้กรอกเพียงครั้งเดียวตอนลงทะเบียนบัญชีร้านค้า</p><p>ทำหายหรือถูกปฏิเสธ? ติดต่อฝ่ายบริการลูกค้าเพื่อขอคีย์ใหม่</p>',
      vi: '<p>Khóa giấy phép là mã dùng một lần do người quản lý tài khoản cấp cho bạn. Bạn chỉ nhập một lần, khi đăng ký tài khoản người bán.</p><p>Bị mất hoặc bị từ chối? Hãy liên hệ bộ phận chăm sóc khách hàng để nhận khóa mới.</p>',
    },
  },
  {
    id: 2,
    question: {
      en: 'How do I open my ad account?',
      cht: '如何開通我的廣告帳戶？',
      zh: '如何开通我的广告账户？',
      de: 'Wie eröffne ich mein Werbekonto?',
      fr: 'Comment ouvrir mon compte publicitaire ?',
      jp: '広告アカウントを開設するには？',
      kor: '광고 계정은 어떻게 개설하나요?',
      pt: 'Como abro minha conta de anúncios?',
      ru: 'Как открыть рекламный аккаунт?',
      spa: '¿Cómo abro mi cuenta de anuncios?',
      th: 'จะเปิดบัญชีโฆษณาได้อย่างไร',
      vi: 'Làm thế nào để mở tài khoản quảng cáo?',
    },
    answer: {
      en: '<p>Log in, then enter the <strong>authorization code</strong> you received on the welcome page. Your store opens at once and you can put your first plan.</p>',
      cht: '<p>登入後，在歡迎頁輸入您收到的<strong>授權碼</strong>。您的店鋪會立即開通，即可投放第一個計劃。</p>',
      zh: '<p>登录后，在欢迎页输入您收到的<strong>授权码</strong>。您的店铺会立即开通，即可投放第一个计划。</p>',
      de: '<p>Melden Sie sich an und geben Sie auf der Willkommensseite den erhaltenen <strong>Autorisierungscode</strong> ein. Ihr Shop wird sofort eröffnet und Sie können Ihren ersten Plan schalten.</p>',
      fr: '<p>Connectez-vous, puis saisissez le <strong>code d’autorisation</strong> reçu sur la page d’accueil. Votre boutique s’ouvre aussitôt et vous pouvez lancer votre premier plan.</p>',
      jp: '<p>ログイン後、ウェルカムページで受け取った<strong>認証コード</strong>を入力してください。ストアがすぐに開設され、最初のプランを配信できます。</p>',
      kor: '<p>로그인한 뒤 환영 페이지에서 받은 <strong>인증 코드</strong>를 입력하세요. 스토어가 바로 개설되어 첫 플랜을 집행할 수 있습니다.</p>',
      pt: '<p>Entre na conta e informe o <strong>código de autorização</strong> recebido na página de boas-vindas. Sua loja abre na hora e você já pode veicular seu primeiro plano.</p>',
      ru: '<p>Войдите и введите на странице приветствия полученный <strong>код авторизации</strong>. Магазин откроется сразу, и вы сможете запустить первый план.</p>',
      spa: '<p>Inicie sesión e introduzca en la página de bienvenida el <strong>código de autorización</strong> que recibió. Su tienda se abre al instante y puede lanzar su primer plan.</p>',
      th: '<p>เข้าสู่ระบบ แล้วกรอก<strong>รหัสอนุมัติ</strong>ที่ได้รับในหน้าต้อนรับ ร้านค้าของคุณจะเปิดทันทีและเริ่มลงแผนแรกได้เลย</p>',
      vi: '<p>Đăng nhập, sau đó nhập <strong>mã ủy quyền</strong> bạn đã nhận trên trang chào mừng. Cửa hàng của bạn được mở ngay và bạn có thể chạy kế hoạch đầu tiên.</p>',
    },
  },
  {
    id: 3,
    question: {
      en: 'What is the learning phase?',
      cht: '什麼是學習期？',
      zh: '什么是学习期？',
      de: 'Was ist die Lernphase?',
      fr: 'Qu’est-ce que la phase d’apprentissage ?',
      jp: '学習期間とは何ですか？',
      kor: '학습 단계란 무엇인가요?',
      pt: 'O que é a fase de aprendizado?',
      ru: 'Что такое фаза обучения?',
      spa: '¿Qué es la fase de aprendizaje?',
      th: 'ช่วงการเรียนรู้คืออะไร',
      vi: 'Giai đoạn học là gì?',
    },
    answer: {
      en: '<p>Every new plan starts in a learning phase while delivery finds its audience. It needs <strong>about 30 to 50 conversions within 7 days</strong>.</p><p>Avoid editing the plan during this time: each change restarts the learning.</p>',
      cht: '<p>每個新計劃都會先進入學習期，讓投放找到合適的受眾。學習期需要<strong>7 天內約 30 至 50 次轉化</strong>。</p><p>這段期間請避免修改計劃：每次修改都會重新開始學習。</p>',
      zh: '<p>每个新计划都会先进入学习期，让投放找到合适的受众。学习期需要<strong>7 天内约 30 至 50 次转化</strong>。</p><p>这段时间请避免修改计划：每次修改都会重新开始学习。</p>',
      de: '<p>Jeder neue Plan beginnt mit einer Lernphase, in der die Auslieferung ihre Zielgruppe findet. Sie braucht <strong>etwa 30 bis 50 Conversions innerhalb von 7 Tagen</strong>.</p><p>Ändern Sie den Plan in dieser Zeit möglichst nicht: Jede Änderung startet die Lernphase neu.</p>',
      fr: '<p>Chaque nouveau plan commence par une phase d’apprentissage, le temps que la diffusion trouve son audience. Il lui faut <strong>environ 30 à 50 conversions en 7 jours</strong>.</p><p>Évitez de modifier le plan pendant cette période : chaque modification relance l’apprentissage.</p>',
      jp: '<p>新しいプランはすべて、配信が最適なオーディエンスを見つけるまでの学習期間から始まります。<strong>7 日以内に約 30〜50 件のコンバージョン</strong>が必要です。</p><p>この期間中はプランの編集を避けてください。変更するたびに学習がやり直しになります。</p>',
      kor: '<p>모든 새 플랜은 노출이 알맞은 타깃을 찾는 학습 단계로 시작합니다. <strong>7일 안에 약 30~50회의 전환</strong>이 필요합니다.</p><p>이 기간에는 플랜을 수정하지 마세요. 수정할 때마다 학습이 처음부터 다시 시작됩니다.</p>',
      pt: '<p>Todo plano novo começa em uma fase de aprendizado, enquanto a veiculação encontra seu público. Ela precisa de <strong>cerca de 30 a 50 conversões em 7 dias</strong>.</p><p>Evite editar o plano nesse período: cada alteração reinicia o aprendizado.</p>',
      ru: '<p>Каждый новый план начинается с фазы обучения, пока показ ищет свою аудиторию. Ей нужно <strong>около 30–50 конверсий за 7 дней</strong>.</p><p>Не меняйте план в это время: каждое изменение запускает обучение заново.</p>',
      spa: '<p>Cada plan nuevo empieza con una fase de aprendizaje mientras la entrega encuentra su público. Necesita <strong>unas 30 a 50 conversiones en 7 días</strong>.</p><p>Evite editar el plan durante ese tiempo: cada cambio reinicia el aprendizaje.</p>',
      th: '<p>แผนใหม่ทุกแผนจะเริ่มด้วยช่วงการเรียนรู้ ระหว่างที่ระบบค้นหากลุ่มเป้าหมาย ต้องมี<strong>คอนเวอร์ชันประมาณ 30 ถึง 50 ครั้งภายใน 7 วัน</strong></p><p>ควรหลีกเลี่ยงการแก้ไขแผนในช่วงนี้ เพราะทุกการแก้ไขจะทำให้เริ่มเรียนรู้ใหม่</p>',
      vi: '<p>Mỗi kế hoạch mới bắt đầu bằng giai đoạn học, trong lúc hệ thống phân phối tìm đúng đối tượng. Cần <strong>khoảng 30 đến 50 chuyển đổi trong 7 ngày</strong>.</p><p>Tránh chỉnh sửa kế hoạch trong thời gian này: mỗi lần thay đổi sẽ khiến việc học bắt đầu lại.</p>',
    },
  },
  {
    id: 4,
    question: {
      en: 'How do coupons work?',
      cht: '優惠券如何使用？',
      zh: '优惠券如何使用？',
      de: 'Wie funktionieren Gutscheine?',
      fr: 'Comment fonctionnent les coupons ?',
      jp: 'クーポンの使い方は？',
      kor: '쿠폰은 어떻게 사용하나요?',
      pt: 'Como funcionam os cupons?',
      ru: 'Как работают купоны?',
      spa: '¿Cómo funcionan los cupones?',
      th: 'คูปองใช้งานอย่างไร',
      vi: 'Phiếu giảm giá hoạt động thế nào?',
    },
    answer: {
      en:
        '<p>Receive coupons on the activities page. Applying one adds its value to your wallet’s discount amount.</p><ul><li>One coupon of the same name per day.</li><li>Used and expired coupons cannot be applied again.</li></ul>' +
        hostile('Read the coupon rules'),
      cht:
        '<p>在活動頁領取優惠券。使用後，其金額會計入錢包的折扣金額。</p><ul><li>同名優惠券每天限用一張。</li><li>已使用或已過期的優惠券無法再次使用。</li></ul>' +
        hostile('查看優惠券規則'),
      zh:
        '<p>在活动页领取优惠券。使用后，其金额会计入钱包的折扣金额。</p><ul><li>同名优惠券每天限用一张。</li><li>已使用或已过期的优惠券无法再次使用。</li></ul>' +
        hostile('查看优惠券规则'),
      de:
        '<p>Gutscheine erhalten Sie auf der Aktionsseite. Wenn Sie einen einlösen, wird sein Wert dem Rabattbetrag Ihrer Wallet gutgeschrieben.</p><ul><li>Ein Gutschein mit demselben Namen pro Tag.</li><li>Eingelöste und abgelaufene Gutscheine können nicht erneut eingelöst werden.</li></ul>' +
        hostile('Gutscheinregeln lesen'),
      fr:
        '<p>Recevez des coupons sur la page des activités. En utiliser un ajoute sa valeur au montant de remise de votre portefeuille.</p><ul><li>Un seul coupon du même nom par jour.</li><li>Les coupons utilisés ou expirés ne peuvent plus servir.</li></ul>' +
        hostile('Lire les règles des coupons'),
      jp:
        '<p>クーポンはキャンペーンページで受け取れます。使用すると、その金額がウォレットの割引額に加算されます。</p><ul><li>同じ名前のクーポンは 1 日 1 枚までです。</li><li>使用済みまたは期限切れのクーポンは再利用できません。</li></ul>' +
        hostile('クーポンの規約を読む'),
      kor:
        '<p>쿠폰은 이벤트 페이지에서 받을 수 있습니다. 쿠폰을 사용하면 그 금액이 지갑의 할인 금액에 더해집니다.</p><ul><li>같은 이름의 쿠폰은 하루에 한 장만 사용할 수 있습니다.</li><li>사용했거나 만료된 쿠폰은 다시 사용할 수 없습니다.</li></ul>' +
        hostile('쿠폰 규칙 보기'),
      pt:
        '<p>Receba cupons na página de atividades. Ao usar um cupom, o valor dele é somado ao valor de desconto da sua carteira.</p><ul><li>Um cupom com o mesmo nome por dia.</li><li>Cupons usados ou expirados não podem ser usados de novo.</li></ul>' +
        hostile('Ler as regras dos cupons'),
      ru:
        '<p>Купоны можно получить на странице акций. При использовании купона его сумма добавляется к скидке в вашем кошельке.</p><ul><li>Один купон с одним и тем же названием в день.</li><li>Использованные и просроченные купоны применить повторно нельзя.</li></ul>' +
        hostile('Правила купонов'),
      spa:
        '<p>Reciba cupones en la página de actividades. Al usar uno, su valor se suma al importe de descuento de su monedero.</p><ul><li>Un cupón con el mismo nombre por día.</li><li>Los cupones usados o caducados no se pueden volver a usar.</li></ul>' +
        hostile('Leer las reglas de los cupones'),
      th:
        '<p>รับคูปองได้ที่หน้ากิจกรรม เมื่อใช้คูปอง มูลค่าจะถูกเพิ่มเข้าในยอดส่วนลดของกระเป๋าเงิน</p><ul><li>คูปองชื่อเดียวกันใช้ได้วันละหนึ่งใบ</li><li>คูปองที่ใช้แล้วหรือหมดอายุแล้วไม่สามารถใช้ซ้ำได้</li></ul>' +
        hostile('อ่านกติกาคูปอง'),
      vi:
        '<p>Nhận phiếu giảm giá tại trang hoạt động. Khi dùng, giá trị phiếu được cộng vào số tiền chiết khấu trong ví của bạn.</p><ul><li>Mỗi ngày chỉ một phiếu cùng tên.</li><li>Phiếu đã dùng hoặc đã hết hạn không thể dùng lại.</li></ul>' +
        hostile('Đọc quy định phiếu giảm giá'),
    },
    cta: {
      route: '/ad-center/coupons',
      label: {
        en: 'Open my coupons',
        cht: '查看我的優惠券',
        zh: '查看我的优惠券',
        de: 'Meine Gutscheine öffnen',
        fr: 'Ouvrir mes coupons',
        jp: 'マイクーポンを開く',
        kor: '내 쿠폰 보기',
        pt: 'Abrir meus cupons',
        ru: 'Открыть мои купоны',
        spa: 'Abrir mis cupones',
        th: 'เปิดคูปองของฉัน',
        vi: 'Mở phiếu giảm giá của tôi',
      },
    },
  },
  {
    id: 5,
    question: {
      en: 'When can I withdraw?',
      cht: '什麼時候可以提現？',
      zh: '什么时候可以提现？',
      de: 'Wann kann ich auszahlen lassen?',
      fr: 'Quand puis-je effectuer un retrait ?',
      jp: '出金はいつできますか？',
      kor: '출금은 언제 할 수 있나요?',
      pt: 'Quando posso sacar?',
      ru: 'Когда можно вывести средства?',
      spa: '¿Cuándo puedo retirar?',
      th: 'ถอนเงินได้เมื่อใด',
      vi: 'Khi nào tôi có thể rút tiền?',
    },
    answer: {
      en: '<p>Withdrawals open once your start-up funds have been returned via customer service and you have set a transaction password.</p><p>The amount cannot be more than your available balance.</p>',
      cht: '<p>當啟動資金已透過客服退回，且您已設定交易密碼後，即可提現。</p><p>提現金額不能超過可用餘額。</p>',
      zh: '<p>当启动资金已通过客服退回，且您已设置交易密码后，即可提现。</p><p>提现金额不能超过可用余额。</p>',
      de: '<p>Auszahlungen sind möglich, sobald Ihr Startkapital über den Kundendienst zurückgezahlt wurde und Sie ein Transaktionspasswort festgelegt haben.</p><p>Der Betrag darf Ihr verfügbares Guthaben nicht übersteigen.</p>',
      fr: '<p>Les retraits sont possibles une fois vos fonds de démarrage restitués via le service client et votre mot de passe de transaction défini.</p><p>Le montant ne peut pas dépasser votre solde disponible.</p>',
      jp: '<p>スタートアップ資金がカスタマーサービス経由で返還され、取引パスワードを設定すると出金できるようになります。</p><p>出金額は利用可能残高を超えることはできません。</p>',
      kor: '<p>초기 자금이 고객센터를 통해 반환되고 거래 비밀번호를 설정하면 출금할 수 있습니다.</p><p>출금 금액은 사용 가능한 잔액을 초과할 수 없습니다.</p>',
      pt: '<p>Os saques ficam disponíveis depois que seus fundos iniciais forem devolvidos pelo atendimento ao cliente e você definir uma senha de transação.</p><p>O valor não pode ser maior que o seu saldo disponível.</p>',
      ru: '<p>Вывод доступен после того, как стартовые средства возвращены через службу поддержки и установлен пароль для транзакций.</p><p>Сумма не может превышать доступный баланс.</p>',
      spa: '<p>Los retiros se habilitan cuando sus fondos iniciales se han devuelto a través de atención al cliente y ha establecido una contraseña de transacción.</p><p>El importe no puede superar su saldo disponible.</p>',
      th: '<p>ถอนเงินได้เมื่อเงินทุนเริ่มต้นถูกคืนผ่านฝ่ายบริการลูกค้าแล้ว และคุณได้ตั้งรหัสผ่านธุรกรรมแล้ว</p><p>จำนวนเงินต้องไม่เกินยอดคงเหลือที่ใช้ได้</p>',
      vi: '<p>Bạn có thể rút tiền khi vốn khởi động đã được hoàn lại qua bộ phận chăm sóc khách hàng và bạn đã đặt mật khẩu giao dịch.</p><p>Số tiền rút không được vượt quá số dư khả dụng.</p>',
    },
  },
];

/** The five FAQ entries of the ad centre, 12 languages, answers sanitized. */
export const FAQS: Faq[] = FAQ_SOURCES.map((f) => ({
  id: f.id,
  question: { ...f.question },
  answer: sanitizeRichText(f.answer),
  ...(f.cta ? { cta: f.cta } : {}),
}));

/** Banner art without words (one image serves every language; the title is the banner's label). */
const bannerSvg = (from: string, to: string, art: string) =>
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">` +
      `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
      `<rect width="750" height="300" rx="24" fill="url(#g)"/>${art}</svg>`,
  );

const GLOBE =
  '<g fill="none" stroke="#fff" stroke-width="10" opacity=".9"><circle cx="560" cy="150" r="100"/><ellipse cx="560" cy="150" rx="45" ry="100"/><path d="M460 150h200M475 100h170M475 200h170"/></g>' +
  '<g fill="#fff"><circle cx="120" cy="110" r="22"/><circle cx="200" cy="150" r="16" opacity=".8"/><circle cx="150" cy="210" r="12" opacity=".6"/><circle cx="270" cy="100" r="9" opacity=".5"/></g>';
const COUPON =
  '<g fill="#fff"><path d="M300 70h300a20 20 0 0 1 20 20v40a20 20 0 0 0 0 40v40a20 20 0 0 1-20 20H300a20 20 0 0 1-20-20v-40a20 20 0 0 0 0-40V90a20 20 0 0 1 20-20z" opacity=".95"/></g>' +
  '<g stroke="#1677ff" stroke-width="12" fill="none" stroke-linecap="round"><path d="M400 190l100-80"/><circle cx="410" cy="115" r="16"/><circle cx="490" cy="185" r="16"/></g>';
const FOLLOW =
  '<g fill="#fff"><circle cx="250" cy="120" r="40"/><path d="M170 240a80 70 0 0 1 160 0z"/><circle cx="500" cy="120" r="40" opacity=".8"/><path d="M420 240a80 70 0 0 1 160 0z" opacity=".8"/></g>' +
  '<path d="M340 150h60m-20-20 20 20-20 20" stroke="#fff" stroke-width="10" fill="none" stroke-linecap="round" stroke-linejoin="round"/>';

interface BannerSource {
  id: number;
  image: string;
  title: Labels;
  subtitle?: Labels;
  content: Partial<Labels>;
  cta?: Cta;
}

const BANNER_SOURCES: readonly BannerSource[] = [
  {
    id: 1,
    image: bannerSvg('#ff7a45', '#f5222d', GLOBE),
    title: {
      en: 'Reach over 3 billion users',
      cht: '觸達超過 30 億用戶',
      zh: '触达超过 30 亿用户',
      de: 'Erreichen Sie über 3 Milliarden Nutzer',
      fr: 'Touchez plus de 3 milliards d’utilisateurs',
      jp: '30 億人以上のユーザーにリーチ',
      kor: '30억 명 이상의 사용자에게 도달하세요',
      pt: 'Alcance mais de 3 bilhões de usuários',
      ru: 'Охват более 3 миллиардов пользователей',
      spa: 'Llegue a más de 3000 millones de usuarios',
      th: 'เข้าถึงผู้ใช้มากกว่า 3 พันล้านคน',
      vi: 'Tiếp cận hơn 3 tỷ người dùng',
    },
    subtitle: {
      en: 'Put your first plan live today',
      cht: '今天就投放您的第一個計劃',
      zh: '今天就投放您的第一个计划',
      de: 'Schalten Sie noch heute Ihren ersten Plan',
      fr: 'Lancez votre premier plan dès aujourd’hui',
      jp: '今日から最初のプランを配信しましょう',
      kor: '오늘 첫 플랜을 집행해 보세요',
      pt: 'Coloque seu primeiro plano no ar hoje',
      ru: 'Запустите первый план уже сегодня',
      spa: 'Lance hoy su primer plan',
      th: 'เริ่มลงแผนแรกของคุณวันนี้',
      vi: 'Chạy kế hoạch đầu tiên ngay hôm nay',
    },
    content: {
      en: '<p>Put your first plan live today. The learning phase needs about 30 to 50 conversions within 7 days; then delivery settles.</p>',
      cht: '<p>今天就投放您的第一個計劃。學習期需要 7 天內約 30 至 50 次轉化，之後投放便會趨於穩定。</p>',
      zh: '<p>今天就投放您的第一个计划。学习期需要 7 天内约 30 至 50 次转化，之后投放便会趋于稳定。</p>',
      de: '<p>Schalten Sie noch heute Ihren ersten Plan. Die Lernphase braucht etwa 30 bis 50 Conversions innerhalb von 7 Tagen; danach stabilisiert sich die Auslieferung.</p>',
      fr: '<p>Lancez votre premier plan dès aujourd’hui. La phase d’apprentissage demande environ 30 à 50 conversions en 7 jours ; ensuite, la diffusion se stabilise.</p>',
      jp: '<p>今日から最初のプランを配信しましょう。学習期間には 7 日以内に約 30〜50 件のコンバージョンが必要で、その後は配信が安定します。</p>',
      kor: '<p>오늘 첫 플랜을 집행해 보세요. 학습 단계에는 7일 안에 약 30~50회의 전환이 필요하며, 그 후 노출이 안정됩니다.</p>',
      pt: '<p>Coloque seu primeiro plano no ar hoje. A fase de aprendizado precisa de cerca de 30 a 50 conversões em 7 dias; depois, a veiculação se estabiliza.</p>',
      ru: '<p>Запустите свой первый план уже сегодня. Фазе обучения нужно около 30–50 конверсий за 7 дней, после чего показ стабилизируется.</p>',
      spa: '<p>Lance hoy su primer plan. La fase de aprendizaje necesita unas 30 a 50 conversiones en 7 días; después, la entrega se estabiliza.</p>',
      th: '<p>เริ่มลงแผนแรกของคุณวันนี้ ช่วงการเรียนรู้ต้องมีคอนเวอร์ชันประมาณ 30 ถึง 50 ครั้งภายใน 7 วัน จากนั้นการแสดงโฆษณาจะคงที่</p>',
      vi: '<p>Chạy kế hoạch đầu tiên ngay hôm nay. Giai đoạn học cần khoảng 30 đến 50 chuyển đổi trong 7 ngày; sau đó việc phân phối sẽ ổn định.</p>',
    },
  },
  {
    id: 2,
    image: bannerSvg('#36cfc9', '#1677ff', COUPON),
    title: {
      en: 'Newcomer support coupon',
      cht: '新手扶持優惠券',
      zh: '新手扶持优惠券',
      de: 'Starthilfe-Gutschein für Neukunden',
      fr: 'Coupon de soutien aux nouveaux venus',
      jp: '新規ユーザー応援クーポン',
      kor: '신규 회원 지원 쿠폰',
      pt: 'Cupom de apoio para novatos',
      ru: 'Купон поддержки для новичков',
      spa: 'Cupón de apoyo para nuevos usuarios',
      th: 'คูปองสนับสนุนผู้ใช้ใหม่',
      vi: 'Phiếu hỗ trợ người mới',
    },
    subtitle: {
      en: 'Receive it once on the activities page',
      cht: '在活動頁領取一次',
      zh: '在活动页领取一次',
      de: 'Einmal auf der Aktionsseite erhältlich',
      fr: 'À recevoir une fois sur la page des activités',
      jp: 'キャンペーンページで 1 回受け取れます',
      kor: '이벤트 페이지에서 한 번 받을 수 있어요',
      pt: 'Receba uma vez na página de atividades',
      ru: 'Доступен один раз на странице акций',
      spa: 'Recíbalo una vez en la página de actividades',
      th: 'รับได้หนึ่งครั้งที่หน้ากิจกรรม',
      vi: 'Nhận một lần tại trang hoạt động',
    },
    cta: {
      route: '/ad-center/activities',
      label: {
        en: 'Go to activities',
        cht: '前往活動頁',
        zh: '前往活动页',
        de: 'Zu den Aktionen',
        fr: 'Voir les activités',
        jp: 'キャンペーンを見る',
        kor: '이벤트 보러 가기',
        pt: 'Ver atividades',
        ru: 'Перейти к акциям',
        spa: 'Ver actividades',
        th: 'ไปที่หน้ากิจกรรม',
        vi: 'Đến trang hoạt động',
      },
    },
    content: {
      en: '<p>New merchants can receive the support coupon once, on the activities page.</p>',
      cht: '<p>新商家可在活動頁領取一次扶持優惠券。</p>',
      zh: '<p>新商家可在活动页领取一次扶持优惠券。</p>',
      de: '<p>Neue Händler können den Starthilfe-Gutschein einmal auf der Aktionsseite erhalten.</p>',
      fr: '<p>Les nouveaux marchands peuvent recevoir une fois le coupon de soutien, sur la page des activités.</p>',
      jp: '<p>新規の販売者は、キャンペーンページで応援クーポンを 1 回受け取れます。</p>',
      kor: '<p>신규 판매자는 이벤트 페이지에서 지원 쿠폰을 한 번 받을 수 있습니다.</p>',
      pt: '<p>Novos lojistas podem receber o cupom de apoio uma vez, na página de atividades.</p>',
      ru: '<p>Новые продавцы могут один раз получить купон поддержки на странице акций.</p>',
      spa: '<p>Los comerciantes nuevos pueden recibir una vez el cupón de apoyo en la página de actividades.</p>',
      th: '<p>ร้านค้าใหม่รับคูปองสนับสนุนได้หนึ่งครั้งที่หน้ากิจกรรม</p>',
      vi: '<p>Người bán mới có thể nhận phiếu hỗ trợ một lần tại trang hoạt động.</p>',
    },
  },
  {
    id: 3,
    image: bannerSvg('#9254de', '#2f54eb', FOLLOW),
    title: {
      en: 'Follow top operators',
      cht: '跟投頂尖操盤手',
      zh: '跟投顶尖操盘手',
      de: 'Top-Betreibern folgen',
      fr: 'Suivez les meilleurs opérateurs',
      jp: 'トップオペレーターをフォロー',
      kor: '최고의 운영자를 팔로우하세요',
      pt: 'Siga os melhores operadores',
      ru: 'Отслеживайте лучших операторов',
      spa: 'Siga a los mejores operadores',
      th: 'ติดตามผู้ดำเนินการชั้นนำ',
      vi: 'Theo dõi các nhà vận hành hàng đầu',
    },
    subtitle: {
      en: 'See their plans in delivery',
      cht: '查看他們投放中的計劃',
      zh: '查看他们投放中的计划',
      de: 'Sehen Sie ihre laufenden Pläne',
      fr: 'Voyez leurs plans en diffusion',
      jp: '配信中のプランをチェック',
      kor: '집행 중인 플랜을 확인하세요',
      pt: 'Veja os planos deles em veiculação',
      ru: 'Смотрите их активные планы',
      spa: 'Vea sus planes en entrega',
      th: 'ดูแผนที่กำลังแสดงผลของพวกเขา',
      vi: 'Xem các kế hoạch đang phân phối của họ',
    },
    cta: {
      route: '/ad-center/operated',
      label: {
        en: 'Follow an operator',
        cht: '跟投操盤手',
        zh: '跟投操盘手',
        de: 'Einem Betreiber folgen',
        fr: 'Suivre un opérateur',
        jp: 'オペレーターをフォロー',
        kor: '운영자 팔로우하기',
        pt: 'Seguir um operador',
        ru: 'Отслеживать оператора',
        spa: 'Seguir a un operador',
        th: 'ติดตามผู้ดำเนินการ',
        vi: 'Theo dõi nhà vận hành',
      },
    },
    // The detail in English only, on purpose: the page falls back to English (marked lang="en") for the others.
    content: {
      en: '<p>Enter an operator’s follow ID on the plan follow page to see their plans in delivery.</p><p>You cannot follow your own ID.</p>',
    },
  },
];

export const BANNERS: Banner[] = BANNER_SOURCES.map((b) => ({
  id: b.id,
  image: b.image,
  title: { ...b.title },
  ...(b.subtitle ? { subtitle: { ...b.subtitle } } : {}),
  content: sanitizeRichText(b.content as RichText),
  ...(b.cta ? { cta: b.cta } : {}),
}));

/** The ad centre's operating rules (shown on home and on plan follow), 12 languages; the follow ID named as the app names it. */
export const OPERATING_RULES: RichText = sanitizeRichText({
  en: '<p><strong>Running plans</strong></p><ol><li>Before putting a plan, keep enough balance for its put amount; the amount must lie between the plan’s lowest and highest put amount.</li><li>A plan in delivery cannot be edited or withdrawn; what it has not consumed yet is shown as “to be consumed”.</li><li>Let a new plan finish its learning phase (about 30 to 50 conversions within 7 days) before judging its results.</li></ol><p><strong>Plan follow</strong></p><ol><li>Follow an operator by their follow ID; your own ID cannot be followed.</li><li>Following shows their plans in delivery; it never moves money between accounts.</li><li>Misleading or prohibited ads are removed and may lead to the account being disabled.</li></ol>',
  cht: '<p><strong>計劃投放</strong></p><ol><li>投放計劃前，請確保餘額足以支付投放金額；金額必須介於計劃的最低與最高投放金額之間。</li><li>投放中的計劃無法修改或撤回；尚未消耗的部分會顯示為「待消耗」。</li><li>新計劃請先完成學習期（7 天內約 30 至 50 次轉化），再評估成效。</li></ol><p><strong>計劃跟投</strong></p><ol><li>透過跟投 ID 跟投操盤手；無法跟投自己的 ID。</li><li>跟投只會顯示對方投放中的計劃，不會在帳戶之間轉移資金。</li><li>誤導性或違禁廣告將被下架，並可能導致帳戶被停用。</li></ol>',
  zh: '<p><strong>计划投放</strong></p><ol><li>投放计划前，请确保余额足以支付投放金额；金额必须介于计划的最低与最高投放金额之间。</li><li>投放中的计划无法修改或撤回；尚未消耗的部分会显示为“待消耗”。</li><li>新计划请先完成学习期（7 天内约 30 至 50 次转化），再评估效果。</li></ol><p><strong>计划跟投</strong></p><ol><li>通过跟投 ID 跟投操盘手；无法跟投自己的 ID。</li><li>跟投只会显示对方投放中的计划，不会在账户之间转移资金。</li><li>误导性或违禁广告将被下架，并可能导致账户被停用。</li></ol>',
  de: '<p><strong>Pläne schalten</strong></p><ol><li>Halten Sie vor dem Schalten eines Plans genug Guthaben für den Einsatzbetrag bereit; der Betrag muss zwischen dem niedrigsten und dem höchsten Einsatzbetrag des Plans liegen.</li><li>Ein laufender Plan kann weder geändert noch zurückgezogen werden; was er noch nicht verbraucht hat, erscheint als „zu verbrauchen“.</li><li>Lassen Sie einen neuen Plan seine Lernphase (etwa 30 bis 50 Conversions innerhalb von 7 Tagen) abschließen, bevor Sie seine Ergebnisse bewerten.</li></ol><p><strong>Plänen folgen</strong></p><ol><li>Folgen Sie einem Betreiber über seine Folge-ID; Ihrer eigenen ID können Sie nicht folgen.</li><li>Das Folgen zeigt seine laufenden Pläne; es bewegt nie Geld zwischen Konten.</li><li>Irreführende oder verbotene Anzeigen werden entfernt und können zur Sperrung des Kontos führen.</li></ol>',
  fr: '<p><strong>Diffuser des plans</strong></p><ol><li>Avant de lancer un plan, gardez un solde suffisant pour son montant ; celui-ci doit se situer entre le montant minimum et le montant maximum du plan.</li><li>Un plan en diffusion ne peut être ni modifié ni retiré ; ce qu’il n’a pas encore consommé apparaît comme « à consommer ».</li><li>Laissez un nouveau plan terminer sa phase d’apprentissage (environ 30 à 50 conversions en 7 jours) avant d’en juger les résultats.</li></ol><p><strong>Suivi de plan</strong></p><ol><li>Suivez un opérateur grâce à son ID de suivi ; vous ne pouvez pas suivre votre propre ID.</li><li>Le suivi affiche ses plans en diffusion ; il ne déplace jamais d’argent entre les comptes.</li><li>Les annonces trompeuses ou interdites sont retirées et peuvent entraîner la désactivation du compte.</li></ol>',
  jp: '<p><strong>プランの配信</strong></p><ol><li>プランを配信する前に、配信金額に足りる残高を用意してください。金額はプランの最低配信金額と最高配信金額の間である必要があります。</li><li>配信中のプランは編集も取り下げもできません。まだ消化されていない分は「消化待ち」として表示されます。</li><li>新しいプランは、成果を判断する前に学習期間（7 日以内に約 30〜50 件のコンバージョン）を終えさせてください。</li></ol><p><strong>プランフォロー</strong></p><ol><li>オペレーターはフォロー ID でフォローします。自分の ID はフォローできません。</li><li>フォローすると相手の配信中のプランが表示されます。アカウント間でお金が移動することはありません。</li><li>誤解を招く広告や禁止された広告は削除され、アカウントが無効になる場合があります。</li></ol>',
  kor: '<p><strong>플랜 집행</strong></p><ol><li>플랜을 집행하기 전에 집행 금액만큼의 잔액을 준비하세요. 금액은 플랜의 최저 집행 금액과 최고 집행 금액 사이여야 합니다.</li><li>집행 중인 플랜은 수정하거나 철회할 수 없으며, 아직 소진되지 않은 금액은 “소진 예정”으로 표시됩니다.</li><li>새 플랜은 성과를 판단하기 전에 학습 단계(7일 안에 약 30~50회 전환)를 마치게 하세요.</li></ol><p><strong>플랜 팔로우</strong></p><ol><li>운영자는 팔로우 ID로 팔로우합니다. 자신의 ID는 팔로우할 수 없습니다.</li><li>팔로우하면 상대의 집행 중인 플랜을 볼 수 있으며, 계정 간에 돈이 이동하지 않습니다.</li><li>오해를 부르거나 금지된 광고는 삭제되며 계정이 비활성화될 수 있습니다.</li></ol>',
  pt: '<p><strong>Veiculação de planos</strong></p><ol><li>Antes de veicular um plano, mantenha saldo suficiente para o valor; ele deve ficar entre o valor mínimo e o máximo do plano.</li><li>Um plano em veiculação não pode ser editado nem retirado; o que ainda não foi consumido aparece como “a consumir”.</li><li>Deixe um plano novo concluir a fase de aprendizado (cerca de 30 a 50 conversões em 7 dias) antes de avaliar os resultados.</li></ol><p><strong>Seguir planos</strong></p><ol><li>Siga um operador pelo ID de seguimento dele; não é possível seguir o seu próprio ID.</li><li>Seguir mostra os planos dele em veiculação; nunca movimenta dinheiro entre contas.</li><li>Anúncios enganosos ou proibidos são removidos e podem levar à desativação da conta.</li></ol>',
  ru: '<p><strong>Запуск планов</strong></p><ol><li>Перед запуском плана держите на балансе сумму, достаточную для размещения; она должна быть между минимальной и максимальной суммой плана.</li><li>Активный план нельзя изменить или отозвать; неизрасходованная часть отображается как «к расходу».</li><li>Дайте новому плану пройти фазу обучения (около 30–50 конверсий за 7 дней), прежде чем оценивать результаты.</li></ol><p><strong>Подписка на планы</strong></p><ol><li>На оператора подписываются по его ID для подписки; на свой собственный ID подписаться нельзя.</li><li>Подписка показывает его активные планы и никогда не переводит деньги между аккаунтами.</li><li>Вводящая в заблуждение или запрещённая реклама удаляется, а аккаунт может быть заблокирован.</li></ol>',
  spa: '<p><strong>Lanzar planes</strong></p><ol><li>Antes de lanzar un plan, mantenga saldo suficiente para su importe; este debe estar entre el importe mínimo y el máximo del plan.</li><li>Un plan en entrega no se puede editar ni retirar; lo que aún no ha consumido aparece como «por consumir».</li><li>Deje que un plan nuevo termine su fase de aprendizaje (unas 30 a 50 conversiones en 7 días) antes de valorar sus resultados.</li></ol><p><strong>Seguir planes</strong></p><ol><li>Siga a un operador mediante su ID de seguimiento; no puede seguir su propio ID.</li><li>Seguir muestra sus planes en entrega; nunca mueve dinero entre cuentas.</li><li>Los anuncios engañosos o prohibidos se retiran y pueden llevar a la desactivación de la cuenta.</li></ol>',
  th: '<p><strong>การลงแผน</strong></p><ol><li>ก่อนลงแผน ต้องมียอดคงเหลือเพียงพอสำหรับจำนวนเงินที่ลง และจำนวนเงินต้องอยู่ระหว่างยอดลงต่ำสุดและสูงสุดของแผน</li><li>แผนที่กำลังแสดงผลไม่สามารถแก้ไขหรือถอนได้ ส่วนที่ยังไม่ถูกใช้จะแสดงเป็น “รอการใช้”</li><li>ปล่อยให้แผนใหม่ผ่านช่วงการเรียนรู้ (คอนเวอร์ชันประมาณ 30 ถึง 50 ครั้งภายใน 7 วัน) ก่อนประเมินผล</li></ol><p><strong>การติดตามแผน</strong></p><ol><li>ติดตามผู้ดำเนินการด้วย ID ติดตามของเขา ไม่สามารถติดตาม ID ของตัวเองได้</li><li>การติดตามจะแสดงแผนที่กำลังแสดงผลของเขา และไม่มีการโอนเงินระหว่างบัญชี</li><li>โฆษณาที่ทำให้เข้าใจผิดหรือต้องห้ามจะถูกนำออก และอาจทำให้บัญชีถูกระงับ</li></ol>',
  vi: '<p><strong>Chạy kế hoạch</strong></p><ol><li>Trước khi chạy kế hoạch, hãy giữ đủ số dư cho số tiền đầu tư; số tiền phải nằm giữa mức thấp nhất và cao nhất của kế hoạch.</li><li>Kế hoạch đang phân phối không thể chỉnh sửa hay rút lại; phần chưa tiêu hao được hiển thị là “chờ tiêu hao”.</li><li>Hãy để kế hoạch mới hoàn thành giai đoạn học (khoảng 30 đến 50 chuyển đổi trong 7 ngày) trước khi đánh giá kết quả.</li></ol><p><strong>Theo dõi kế hoạch</strong></p><ol><li>Theo dõi nhà vận hành bằng ID theo dõi của họ; không thể theo dõi ID của chính bạn.</li><li>Theo dõi cho thấy các kế hoạch đang phân phối của họ; không bao giờ chuyển tiền giữa các tài khoản.</li><li>Quảng cáo gây hiểu lầm hoặc bị cấm sẽ bị gỡ và có thể khiến tài khoản bị vô hiệu hóa.</li></ol>',
});

const productSvg = (color: string, shape: string) =>
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="20" fill="${color}"/>${shape}</svg>`,
  );

export const PRODUCTS = [
  {
    id: 1,
    name: 'Smart fitness band',
    price_cents: 4_999,
    description: 'Heart rate, sleep and steps on a 14-day battery.',
    image: productSvg(
      '#1677ff',
      '<rect x="60" y="30" width="40" height="100" rx="20" fill="#fff"/><rect x="68" y="62" width="24" height="36" rx="6" fill="#1677ff"/>',
    ),
  },
  {
    id: 2,
    name: 'Organic green tea gift box',
    price_cents: 2_850,
    description: 'Three spring harvests, 150 g each.',
    image: productSvg('#52c41a', '<path d="M80 30c30 20 30 70 0 100-30-30-30-80 0-100z" fill="#fff"/>'),
  },
  {
    id: 3,
    name: 'Wireless earbuds',
    price_cents: 7_900,
    description: 'Noise cancelling, 30 hours with the case.',
    image: productSvg(
      '#722ed1',
      '<circle cx="60" cy="70" r="18" fill="#fff"/><circle cx="100" cy="70" r="18" fill="#fff"/><rect x="54" y="80" width="12" height="40" rx="6" fill="#fff"/><rect x="94" y="80" width="12" height="40" rx="6" fill="#fff"/>',
    ),
  },
  {
    id: 4,
    name: 'Handmade leather wallet',
    price_cents: 3_900,
    description: 'Full-grain leather, eight card slots.',
    image: productSvg(
      '#d46b08',
      '<rect x="35" y="50" width="90" height="60" rx="10" fill="#fff"/><rect x="95" y="70" width="30" height="20" rx="6" fill="#d46b08"/>',
    ),
  },
] as const;

/** The shop levels: user star 1-3, then VIP 1-3; either threshold reaches a level. */
export const LEVELS: readonly {
  level: number;
  kind: 'star' | 'vip';
  rank: number;
  min_credit_score: number;
  min_investment_cents: number;
  benefits: LevelBenefit[];
}[] = [
  {
    level: 1,
    kind: 'star',
    rank: 1,
    min_credit_score: 0,
    min_investment_cents: 0,
    benefits: [
      { code: 'daily_coupons', value: '1' },
      { code: 'withdraw_limit', value: '1000.00' },
    ],
  },
  {
    level: 2,
    kind: 'star',
    rank: 2,
    min_credit_score: 110,
    min_investment_cents: 100_000,
    benefits: [
      { code: 'daily_coupons', value: '2' },
      { code: 'fee_discount', value: '2' },
      { code: 'withdraw_limit', value: '3000.00' },
    ],
  },
  {
    level: 3,
    kind: 'star',
    rank: 3,
    min_credit_score: 130,
    min_investment_cents: 500_000,
    benefits: [
      { code: 'daily_coupons', value: '3' },
      { code: 'fee_discount', value: '5' },
      { code: 'withdraw_limit', value: '5000.00' },
      { code: 'priority_matching' },
    ],
  },
  {
    level: 4,
    kind: 'vip',
    rank: 1,
    min_credit_score: 150,
    min_investment_cents: 2_000_000,
    benefits: [
      { code: 'daily_coupons', value: '5' },
      { code: 'fee_discount', value: '8' },
      { code: 'withdraw_limit', value: '20000.00' },
      { code: 'priority_matching' },
      { code: 'official_push' },
    ],
  },
  {
    level: 5,
    kind: 'vip',
    rank: 2,
    min_credit_score: 175,
    min_investment_cents: 5_000_000,
    benefits: [
      { code: 'daily_coupons', value: '8' },
      { code: 'fee_discount', value: '10' },
      { code: 'withdraw_limit', value: '50000.00' },
      { code: 'priority_matching' },
      { code: 'official_push' },
      { code: 'dedicated_service' },
    ],
  },
  {
    level: 6,
    kind: 'vip',
    rank: 3,
    min_credit_score: 200,
    min_investment_cents: 10_000_000,
    benefits: [
      { code: 'daily_coupons', value: '10' },
      { code: 'fee_discount', value: '15' },
      { code: 'withdraw_limit', value: '100000.00' },
      { code: 'priority_matching' },
      { code: 'official_push' },
      { code: 'dedicated_service' },
    ],
  },
];

/** Other merchants (password demo1234): their proxy IDs can be followed, and they fill the ticker. */
export const SHOPS = [
  {
    username: 'shop-a',
    nickname: 'Sunrise Bakery',
    proxy_id: '10000011',
    email: 'shop-a@example.com',
    phone: '+1 555 010 0011',
    lang: 'en',
  },
  {
    username: 'shop-b',
    nickname: 'Harbor Coffee',
    proxy_id: '10000012',
    email: 'shop-b@example.com',
    phone: '+1 555 010 0012',
    lang: 'en',
  },
  {
    username: 'shop-c',
    nickname: 'Maple Outfitters',
    proxy_id: '10000013',
    email: 'shop-c@example.com',
    phone: '+1 555 010 0013',
    lang: 'fr',
  },
  {
    username: 'shop-d',
    nickname: 'Lotus Beauty',
    proxy_id: '10000014',
    email: 'shop-d@example.com',
    phone: '+66 2 123 4567',
    lang: 'th',
  },
] as const;
