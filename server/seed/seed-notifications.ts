/**
 * The inbox's seed: operator messages in all 12 languages, titles plain, bodies short rich text (run
 * through the sanitizer when stored, like every body). Idempotent like seed.ts: each message has a key and is
 * added once.
 *
 *   To everyone (user_id NULL)  14 messages, added once per database (also to an existing database that has none),
 *                               dated back from the first time they are seeded: a few today, the rest over a month
 *   To one merchant             10 messages per merchant (the demo and every fresh test merchant)
 *   Read state                  `read` marks what a seeded merchant has already read, of both kinds, when its own
 *                               messages are first seeded: 10 of the 24 stay unread. A merchant who registers later
 *                               finds every message to everyone unread.
 * Every category (announcement, maintenance, activity) has read and unread messages, to everyone and to one.
 */
import type { Language } from '../../src/api/languages';
import type { NotificationCategory } from '../../src/api/shapes/messages';
import type { Db } from '../storage/engine';
import { notificationBySeedKey } from '../storage/seed';
import { addNotification, recordRead } from '../services/notifications';

type Texts = Record<Language, string>;

export interface SeedMessage {
  key: string;
  category: NotificationCategory;
  /** How long before the seeding it was sent. */
  minutesAgo: number;
  /** Already read by a seeded merchant. */
  read: boolean;
  title: Texts;
  content: Texts;
}

const H = 60;
const D = 24 * H;

export const EVERYONE_MESSAGES: readonly SeedMessage[] = [
  {
    key: 'maintenance-tonight', category: 'maintenance', minutesAgo: 35, read: false,
    title: {
      cht: '今晚 02:00–04:00（UTC）系統維護通知', de: 'Geplante Wartung heute Nacht, 02:00–04:00 UTC',
      en: 'Scheduled maintenance tonight, 02:00–04:00 UTC', fr: 'Maintenance programmée cette nuit, 02h00–04h00 UTC',
      jp: '今夜 02:00～04:00（UTC）定期メンテナンスのお知らせ', kor: '오늘 밤 02:00~04:00(UTC) 정기 점검 안내',
      pt: 'Manutenção programada hoje à noite, 02:00–04:00 UTC', ru: 'Плановые технические работы сегодня ночью, 02:00–04:00 UTC',
      spa: 'Mantenimiento programado esta noche, 02:00–04:00 UTC', th: 'แจ้งปิดปรับปรุงระบบคืนนี้ 02:00–04:00 น. (UTC)',
      vi: 'Bảo trì định kỳ đêm nay, 02:00–04:00 UTC', zh: '今晚 02:00–04:00（UTC）系统维护通知',
    },
    content: {
      cht: `<p>我們將於今晚 <strong>02:00 至 04:00（UTC）</strong>升級廣告投放伺服器。</p><ul><li>進行中的計畫將繼續投放，統計資料可能最多延遲 30 分鐘顯示。</li><li>維護期間暫停儲值與提領。</li></ul><p>您無需進行任何操作。</p>`,
      de: `<p>Heute Nacht zwischen <strong>02:00 und 04:00 UTC</strong> aktualisieren wir die Server für die Anzeigenauslieferung.</p><ul><li>Laufende Pläne werden weiter ausgeliefert; Statistiken können bis zu 30 Minuten verspätet erscheinen.</li><li>Ein- und Auszahlungen sind in dieser Zeit pausiert.</li></ul><p>Sie müssen nichts unternehmen.</p>`,
      en: `<p>We are upgrading the ad delivery servers tonight between <strong>02:00 and 04:00 UTC</strong>.</p><ul><li>Running plans keep delivering; statistics may appear up to 30 minutes late.</li><li>Deposits and withdrawals are paused during the window.</li></ul><p>No action is needed on your side.</p>`,
      fr: `<p>Nous mettons à niveau les serveurs de diffusion cette nuit entre <strong>02h00 et 04h00 UTC</strong>.</p><ul><li>Les plans en cours continuent d'être diffusés ; les statistiques peuvent arriver avec jusqu'à 30 minutes de retard.</li><li>Les dépôts et les retraits sont suspendus pendant cette période.</li></ul><p>Aucune action n'est requise de votre part.</p>`,
      jp: `<p>今夜 <strong>02:00～04:00（UTC）</strong>に広告配信サーバーのアップグレードを行います。</p><ul><li>配信中のプランはそのまま配信されます。統計の反映が最大 30 分遅れる場合があります。</li><li>メンテナンス中は入金・出金を一時停止します。</li></ul><p>お客様側での操作は必要ありません。</p>`,
      kor: `<p>오늘 밤 <strong>02:00~04:00(UTC)</strong>에 광고 송출 서버를 업그레이드합니다.</p><ul><li>진행 중인 플랜은 계속 송출되며, 통계는 최대 30분 늦게 표시될 수 있습니다.</li><li>점검 시간에는 입금과 출금이 일시 중지됩니다.</li></ul><p>별도로 하실 일은 없습니다.</p>`,
      pt: `<p>Vamos atualizar os servidores de veiculação de anúncios hoje à noite, entre <strong>02:00 e 04:00 UTC</strong>.</p><ul><li>Os planos em andamento continuam sendo veiculados; as estatísticas podem aparecer com até 30 minutos de atraso.</li><li>Depósitos e saques ficam suspensos nesse período.</li></ul><p>Você não precisa fazer nada.</p>`,
      ru: `<p>Сегодня ночью с <strong>02:00 до 04:00 UTC</strong> мы обновляем серверы показа рекламы.</p><ul><li>Активные планы продолжат показываться; статистика может появляться с задержкой до 30 минут.</li><li>На время работ пополнение и вывод средств приостановлены.</li></ul><p>С вашей стороны ничего делать не нужно.</p>`,
      spa: `<p>Esta noche, entre las <strong>02:00 y las 04:00 UTC</strong>, actualizaremos los servidores de publicación de anuncios.</p><ul><li>Los planes en curso siguen publicándose; las estadísticas pueden llegar con hasta 30 minutos de retraso.</li><li>Los depósitos y retiros quedan en pausa durante ese periodo.</li></ul><p>No tiene que hacer nada.</p>`,
      th: `<p>คืนนี้ระหว่างเวลา <strong>02:00–04:00 น. (UTC)</strong> เราจะอัปเกรดเซิร์ฟเวอร์ส่งโฆษณา</p><ul><li>แผนที่กำลังดำเนินอยู่จะแสดงโฆษณาต่อไปตามปกติ ข้อมูลสถิติอาจแสดงช้าได้สูงสุด 30 นาที</li><li>ระงับการฝากและถอนเงินชั่วคราวในช่วงเวลาดังกล่าว</li></ul><p>คุณไม่ต้องดำเนินการใด ๆ</p>`,
      vi: `<p>Tối nay, từ <strong>02:00 đến 04:00 UTC</strong>, chúng tôi nâng cấp máy chủ phân phối quảng cáo.</p><ul><li>Các kế hoạch đang chạy vẫn tiếp tục phân phối; số liệu thống kê có thể hiển thị chậm tối đa 30 phút.</li><li>Tạm dừng nạp và rút tiền trong thời gian này.</li></ul><p>Bạn không cần làm gì thêm.</p>`,
      zh: `<p>我们将于今晚 <strong>02:00 至 04:00（UTC）</strong>升级广告投放服务器。</p><ul><li>进行中的计划将继续投放，统计数据最多可能延迟 30 分钟显示。</li><li>维护期间暂停充值和提现。</li></ul><p>您无需进行任何操作。</p>`,
    },
  },
  {
    key: 'content-policy', category: 'announcement', minutesAgo: 2 * H + 10, read: false,
    title: {
      cht: '廣告內容政策更新', de: 'Aktualisierte Richtlinie für Werbeinhalte', en: 'Updated advertising content policy',
      fr: 'Mise à jour de la politique de contenu publicitaire', jp: '広告コンテンツポリシーの更新', kor: '광고 콘텐츠 정책 업데이트',
      pt: 'Política de conteúdo publicitário atualizada', ru: 'Обновлённые правила рекламного контента',
      spa: 'Política de contenido publicitario actualizada', th: 'อัปเดตนโยบายเนื้อหาโฆษณา', vi: 'Cập nhật chính sách nội dung quảng cáo', zh: '广告内容政策更新',
    },
    content: {
      cht: `<p>自下個月起，平台不再接受<strong>電子菸、處方藥及未經許可的金融產品</strong>廣告。</p><p>已在投放中的計畫不受影響。完整規則請見<a href="https://help.merchant-ads.example/policy">廣告政策</a>。</p>`,
      de: `<p>Ab dem nächsten Monat nehmen wir keine Anzeigen für <strong>E-Zigaretten, verschreibungspflichtige Medikamente und nicht lizenzierte Finanzprodukte</strong> mehr an.</p><p>Bereits laufende Pläne sind nicht betroffen. Die vollständigen Regeln finden Sie in der <a href="https://help.merchant-ads.example/policy">Werberichtlinie</a>.</p>`,
      en: `<p>From next month, ads for <strong>e-cigarettes, prescription drugs and unlicensed financial products</strong> are no longer accepted.</p><p>Plans already in delivery are not affected. Read the full rules in our <a href="https://help.merchant-ads.example/policy">advertising policy</a>.</p>`,
      fr: `<p>À partir du mois prochain, les annonces pour <strong>les cigarettes électroniques, les médicaments sur ordonnance et les produits financiers non agréés</strong> ne sont plus acceptées.</p><p>Les plans déjà en diffusion ne sont pas concernés. Consultez toutes les règles dans notre <a href="https://help.merchant-ads.example/policy">politique publicitaire</a>.</p>`,
      jp: `<p>来月より、<strong>電子たばこ、処方薬、無登録の金融商品</strong>の広告は受け付けなくなります。</p><p>すでに配信中のプランには影響ありません。詳しいルールは<a href="https://help.merchant-ads.example/policy">広告ポリシー</a>をご覧ください。</p>`,
      kor: `<p>다음 달부터 <strong>전자담배, 처방 의약품, 인가받지 않은 금융 상품</strong> 광고는 더 이상 받지 않습니다.</p><p>이미 송출 중인 플랜에는 영향이 없습니다. 전체 규정은 <a href="https://help.merchant-ads.example/policy">광고 정책</a>에서 확인하세요.</p>`,
      pt: `<p>A partir do próximo mês, anúncios de <strong>cigarros eletrônicos, medicamentos controlados e produtos financeiros não licenciados</strong> não serão mais aceitos.</p><p>Planos já em veiculação não são afetados. Leia as regras completas na nossa <a href="https://help.merchant-ads.example/policy">política de anúncios</a>.</p>`,
      ru: `<p>Со следующего месяца мы больше не принимаем рекламу <strong>электронных сигарет, рецептурных лекарств и нелицензированных финансовых продуктов</strong>.</p><p>Планы, которые уже показываются, это не затрагивает. Полные правила — в нашей <a href="https://help.merchant-ads.example/policy">рекламной политике</a>.</p>`,
      spa: `<p>A partir del próximo mes ya no se aceptan anuncios de <strong>cigarrillos electrónicos, medicamentos con receta y productos financieros sin licencia</strong>.</p><p>Los planes que ya se están publicando no se ven afectados. Consulte todas las reglas en nuestra <a href="https://help.merchant-ads.example/policy">política publicitaria</a>.</p>`,
      th: `<p>ตั้งแต่เดือนหน้า เราจะไม่รับโฆษณา<strong>บุหรี่ไฟฟ้า ยาที่ต้องสั่งโดยแพทย์ และผลิตภัณฑ์ทางการเงินที่ไม่ได้รับอนุญาต</strong>อีกต่อไป</p><p>แผนที่กำลังแสดงโฆษณาอยู่จะไม่ได้รับผลกระทบ อ่านกฎฉบับเต็มได้ที่<a href="https://help.merchant-ads.example/policy">นโยบายการโฆษณา</a></p>`,
      vi: `<p>Từ tháng sau, chúng tôi không còn nhận quảng cáo <strong>thuốc lá điện tử, thuốc kê đơn và sản phẩm tài chính không được cấp phép</strong>.</p><p>Các kế hoạch đang phân phối không bị ảnh hưởng. Xem đầy đủ quy định trong <a href="https://help.merchant-ads.example/policy">chính sách quảng cáo</a>.</p>`,
      zh: `<p>自下月起，平台不再接受<strong>电子烟、处方药及未经许可的金融产品</strong>广告。</p><p>已在投放中的计划不受影响。完整规则请查看<a href="https://help.merchant-ads.example/policy">广告政策</a>。</p>`,
    },
  },
  {
    key: 'year-end-campaign', category: 'activity', minutesAgo: 5 * H + 20, read: false,
    title: {
      cht: '年終活動：額外 20% 曝光', de: 'Jahresendaktion: 20 % mehr Reichweite', en: 'Year-end campaign: 20% extra exposure',
      fr: 'Campagne de fin d\u2019année : 20 % d\u2019exposition en plus', jp: '年末キャンペーン：露出 20% アップ', kor: '연말 캠페인: 노출 20% 추가',
      pt: 'Campanha de fim de ano: 20% a mais de exposição', ru: 'Новогодняя акция: на 20% больше показов',
      spa: 'Campaña de fin de año: 20 % más de exposición', th: 'แคมเปญส่งท้ายปี: การมองเห็นเพิ่ม 20%', vi: 'Chiến dịch cuối năm: thêm 20% lượt hiển thị', zh: '年终活动：额外 20% 曝光',
    },
    content: {
      cht: `<p>活動期間投放金額達 <strong>$200</strong> 以上的計畫，即可免費獲得<strong>額外 20% 的曝光量</strong>。</p><ul><li>活動為期 14 天。</li><li>每家店鋪限一次，可與優惠券同時使用。</li></ul>`,
      de: `<p>Setzen Sie während der Jahresendaktion einen Plan ab <strong>$200</strong> ein und erhalten Sie kostenlos <strong>20 % mehr Impressionen</strong>.</p><ul><li>Die Aktion läuft 14 Tage.</li><li>Einmal pro Shop; mit Ihren Gutscheinen kombinierbar.</li></ul>`,
      en: `<p>Put a plan of at least <strong>$200</strong> during the year-end campaign and get <strong>20% extra impressions</strong> at no cost.</p><ul><li>Runs for 14 days.</li><li>Once per shop; combines with your coupons.</li></ul>`,
      fr: `<p>Lancez un plan d'au moins <strong>200 $</strong> pendant la campagne de fin d'année et recevez gratuitement <strong>20 % d'impressions en plus</strong>.</p><ul><li>Dure 14 jours.</li><li>Une fois par boutique ; cumulable avec vos bons.</li></ul>`,
      jp: `<p>年末キャンペーン期間中に <strong>$200</strong> 以上のプランを出稿すると、<strong>インプレッションが 20% 追加</strong>されます（無料）。</p><ul><li>期間は 14 日間です。</li><li>1 店舗 1 回限り。クーポンと併用できます。</li></ul>`,
      kor: `<p>연말 캠페인 기간에 <strong>$200</strong> 이상 플랜을 집행하면 <strong>노출 20%</strong>를 무료로 더 드립니다.</p><ul><li>14일간 진행됩니다.</li><li>매장당 1회, 쿠폰과 함께 사용할 수 있습니다.</li></ul>`,
      pt: `<p>Coloque um plano de pelo menos <strong>US$ 200</strong> durante a campanha de fim de ano e ganhe <strong>20% a mais de impressões</strong> sem custo.</p><ul><li>Válida por 14 dias.</li><li>Uma vez por loja; acumula com seus cupons.</li></ul>`,
      ru: `<p>Запустите план от <strong>$200</strong> во время новогодней акции и бесплатно получите <strong>на 20% больше показов</strong>.</p><ul><li>Акция длится 14 дней.</li><li>Один раз на магазин; совмещается с купонами.</li></ul>`,
      spa: `<p>Active un plan de al menos <strong>200 $</strong> durante la campaña de fin de año y reciba <strong>un 20 % más de impresiones</strong> sin coste.</p><ul><li>Dura 14 días.</li><li>Una vez por tienda; se combina con sus cupones.</li></ul>`,
      th: `<p>ลงแผนโฆษณาตั้งแต่ <strong>$200</strong> ขึ้นไปในช่วงแคมเปญส่งท้ายปี รับ<strong>การแสดงผลเพิ่ม 20%</strong> ฟรี</p><ul><li>แคมเปญมีระยะเวลา 14 วัน</li><li>ร้านละหนึ่งครั้ง ใช้ร่วมกับคูปองได้</li></ul>`,
      vi: `<p>Chạy một kế hoạch từ <strong>$200</strong> trở lên trong chiến dịch cuối năm để nhận miễn phí <strong>thêm 20% lượt hiển thị</strong>.</p><ul><li>Kéo dài 14 ngày.</li><li>Mỗi cửa hàng một lần; dùng chung được với phiếu giảm giá.</li></ul>`,
      zh: `<p>活动期间投放金额达 <strong>$200</strong> 及以上的计划，即可免费获得<strong>额外 20% 的曝光量</strong>。</p><ul><li>活动为期 14 天。</li><li>每家店铺限一次，可与优惠券叠加使用。</li></ul>`,
    },
  },
  {
    key: 'maintenance-done-statistics', category: 'maintenance', minutesAgo: D + 2 * H, read: true,
    title: {
      cht: '維護完成：統計更快了', de: 'Wartung abgeschlossen: schnellere Statistiken', en: 'Maintenance completed: faster statistics',
      fr: 'Maintenance terminée : des statistiques plus rapides', jp: 'メンテナンス完了：統計がより速く', kor: '점검 완료: 더 빨라진 통계',
      pt: 'Manutenção concluída: estatísticas mais rápidas', ru: 'Работы завершены: статистика стала быстрее',
      spa: 'Mantenimiento completado: estadísticas más rápidas', th: 'ปรับปรุงระบบเสร็จแล้ว: สถิติเร็วขึ้น', vi: 'Hoàn tất bảo trì: thống kê nhanh hơn', zh: '维护完成：统计更快了',
    },
    content: {
      cht: `<p>昨日的維護已完成。數據總覽現在每 30 秒更新一次，每小時趨勢的載入速度也更快。</p>`,
      de: `<p>Die gestrige Wartung ist abgeschlossen. Die Datenübersicht aktualisiert sich jetzt alle 30 Sekunden, und stündliche Trends laden schneller.</p>`,
      en: `<p>Yesterday's maintenance is complete. The data overview now refreshes every 30 seconds, and hourly trends load faster.</p>`,
      fr: `<p>La maintenance d'hier est terminée. L'aperçu des données se met désormais à jour toutes les 30 secondes et les tendances horaires se chargent plus vite.</p>`,
      jp: `<p>昨日のメンテナンスが完了しました。データ概要は 30 秒ごとに更新されるようになり、時間別の推移も速く表示されます。</p>`,
      kor: `<p>어제 점검이 완료되었습니다. 이제 데이터 개요가 30초마다 새로 고쳐지고, 시간별 추이도 더 빨리 불러옵니다.</p>`,
      pt: `<p>A manutenção de ontem foi concluída. O resumo de dados agora é atualizado a cada 30 segundos, e as tendências por hora carregam mais rápido.</p>`,
      ru: `<p>Вчерашние работы завершены. Сводка данных теперь обновляется каждые 30 секунд, а почасовые графики загружаются быстрее.</p>`,
      spa: `<p>El mantenimiento de ayer ha terminado. El resumen de datos ahora se actualiza cada 30 segundos y las tendencias por hora cargan más rápido.</p>`,
      th: `<p>การปรับปรุงระบบเมื่อวานเสร็จเรียบร้อยแล้ว ภาพรวมข้อมูลจะรีเฟรชทุก 30 วินาที และแนวโน้มรายชั่วโมงโหลดได้เร็วขึ้น</p>`,
      vi: `<p>Đợt bảo trì hôm qua đã hoàn tất. Tổng quan dữ liệu giờ được làm mới mỗi 30 giây và xu hướng theo giờ tải nhanh hơn.</p>`,
      zh: `<p>昨日的维护已完成。数据概览现在每 30 秒刷新一次，每小时趋势的加载速度也更快了。</p>`,
    },
  },
  {
    key: 'plan-follow-launch', category: 'announcement', minutesAgo: D + 6 * H, read: false,
    title: {
      cht: '計畫跟投功能已向所有店鋪開放', de: 'Plan-Follow ist jetzt für alle Shops verfügbar', en: 'Plan follow is now open to every shop',
      fr: 'Le suivi de plans est désormais ouvert à toutes les boutiques', jp: 'プランフォローが全店舗で利用可能に', kor: '플랜 팔로우가 모든 매장에 열렸습니다',
      pt: 'O acompanhamento de planos agora está aberto a todas as lojas', ru: 'Подписка на планы теперь доступна всем магазинам',
      spa: 'El seguimiento de planes ya está disponible para todas las tiendas', th: 'ฟีเจอร์ติดตามแผนเปิดให้ทุกร้านใช้งานแล้ว', vi: 'Tính năng theo dõi kế hoạch đã mở cho mọi cửa hàng', zh: '计划跟投功能已向所有店铺开放',
    },
    content: {
      cht: `<p>您現在可以透過跟投 ID 追蹤資深營運者，並查看他們正在投放的計畫數量。</p><p>在首頁開啟<strong>計畫跟投</strong>即可開始。</p>`,
      de: `<p>Sie können jetzt erfahrenen Betreibern über ihre Follow-ID folgen und sehen, wie viele ihrer Pläne gerade ausgeliefert werden.</p><p>Öffnen Sie dazu <strong>Plan-Follow</strong> auf dem Startbildschirm.</p>`,
      en: `<p>You can now follow experienced operators by their follow ID and see how many of their plans are in delivery.</p><p>Open <strong>Plan follow</strong> on the home screen to start.</p>`,
      fr: `<p>Vous pouvez désormais suivre des opérateurs expérimentés grâce à leur identifiant de suivi et voir combien de leurs plans sont en diffusion.</p><p>Ouvrez <strong>Suivi de plans</strong> depuis l'écran d'accueil pour commencer.</p>`,
      jp: `<p>フォロー ID を使って経験豊富な運営者をフォローし、配信中のプラン数を確認できるようになりました。</p><p>ホーム画面の<strong>プランフォロー</strong>から始めましょう。</p>`,
      kor: `<p>이제 팔로우 ID로 경험 많은 운영자를 팔로우하고, 그들의 플랜이 몇 개나 송출 중인지 확인할 수 있습니다.</p><p>홈 화면에서 <strong>플랜 팔로우</strong>를 열어 시작하세요.</p>`,
      pt: `<p>Agora você pode seguir operadores experientes pelo ID de acompanhamento e ver quantos planos deles estão em veiculação.</p><p>Abra <strong>Acompanhar planos</strong> na tela inicial para começar.</p>`,
      ru: `<p>Теперь можно подписаться на опытных операторов по их ID и видеть, сколько их планов сейчас показывается.</p><p>Откройте <strong>Подписку на планы</strong> на главном экране, чтобы начать.</p>`,
      spa: `<p>Ahora puede seguir a operadores con experiencia mediante su ID de seguimiento y ver cuántos de sus planes están en publicación.</p><p>Abra <strong>Seguimiento de planes</strong> en la pantalla de inicio para empezar.</p>`,
      th: `<p>ตอนนี้คุณติดตามผู้ดำเนินการที่มีประสบการณ์ได้ด้วย ID ติดตาม และดูได้ว่าพวกเขามีแผนที่กำลังแสดงโฆษณาอยู่กี่แผน</p><p>เปิด<strong>ติดตามแผน</strong>ที่หน้าแรกเพื่อเริ่มต้น</p>`,
      vi: `<p>Giờ đây bạn có thể theo dõi các nhà vận hành giàu kinh nghiệm bằng ID theo dõi và xem họ có bao nhiêu kế hoạch đang phân phối.</p><p>Mở <strong>Theo dõi kế hoạch</strong> trên màn hình chính để bắt đầu.</p>`,
      zh: `<p>您现在可以通过跟投 ID 关注资深运营者，并查看他们正在投放的计划数量。</p><p>在首页打开<strong>计划跟投</strong>即可开始。</p>`,
    },
  },
  {
    key: 'newcomer-week', category: 'activity', minutesAgo: 2 * D + 3 * H, read: true,
    title: {
      cht: '新手週：領取您的扶持券', de: 'Einsteigerwoche: Holen Sie sich Ihren Starthilfe-Gutschein', en: 'Newcomer week: claim your support coupon',
      fr: 'Semaine des nouveaux : récupérez votre bon de soutien', jp: 'ビギナーウィーク：サポートクーポンを受け取ろう', kor: '신규 매장 주간: 지원 쿠폰을 받으세요',
      pt: 'Semana do iniciante: resgate seu cupom de apoio', ru: 'Неделя новичка: получите купон поддержки',
      spa: 'Semana de bienvenida: reclame su cupón de apoyo', th: 'สัปดาห์ร้านใหม่: รับคูปองสนับสนุนของคุณ', vi: 'Tuần lễ người mới: nhận phiếu hỗ trợ của bạn', zh: '新手周：领取您的扶持券',
    },
    content: {
      cht: `<p>新店鋪可在新手活動中領取一次性的<strong>扶持券</strong>，並每天領取一張展示量折扣券。</p>`,
      de: `<p>Neue Shops erhalten unter „Einsteigeraktionen“ einmalig einen <strong>Starthilfe-Gutschein</strong> und jeden Tag einen Rabattgutschein für Anzeigenvolumen.</p>`,
      en: `<p>New shops can claim a one-time <strong>support coupon</strong> from Newcomer activities, and a display-volume discount coupon every day.</p>`,
      fr: `<p>Les nouvelles boutiques peuvent obtenir une fois un <strong>bon de soutien</strong> dans les activités pour nouveaux venus, et chaque jour un bon de réduction sur le volume d'affichage.</p>`,
      jp: `<p>新規店舗はビギナー向けアクティビティで 1 回限りの<strong>サポートクーポン</strong>を、さらに毎日表示量割引クーポンを受け取れます。</p>`,
      kor: `<p>신규 매장은 신규 활동에서 1회 한정 <strong>지원 쿠폰</strong>과 매일 노출량 할인 쿠폰을 받을 수 있습니다.</p>`,
      pt: `<p>Lojas novas podem resgatar uma vez um <strong>cupom de apoio</strong> em Atividades para iniciantes e, todos os dias, um cupom de desconto de volume de exibição.</p>`,
      ru: `<p>Новые магазины могут один раз получить <strong>купон поддержки</strong> в разделе «Акции для новичков», а также каждый день — купон на скидку за объём показов.</p>`,
      spa: `<p>Las tiendas nuevas pueden reclamar una sola vez un <strong>cupón de apoyo</strong> en Actividades para nuevos, y cada día un cupón de descuento de volumen de visualización.</p>`,
      th: `<p>ร้านใหม่รับ<strong>คูปองสนับสนุน</strong>ได้หนึ่งครั้งจากกิจกรรมสำหรับร้านใหม่ และรับคูปองส่วนลดปริมาณการแสดงผลได้ทุกวัน</p>`,
      vi: `<p>Cửa hàng mới có thể nhận một lần <strong>phiếu hỗ trợ</strong> trong Hoạt động cho người mới, và mỗi ngày một phiếu giảm giá lượng hiển thị.</p>`,
      zh: `<p>新店铺可在新手活动中领取一次性<strong>扶持券</strong>，并可每天领取一张展示量折扣券。</p>`,
    },
  },
  {
    key: 'payment-channel-upgrade', category: 'maintenance', minutesAgo: 3 * D + 4 * H, read: true,
    title: {
      cht: '週六支付通道升級', de: 'Upgrade des Zahlungskanals am Samstag', en: 'Payment channel upgrade on Saturday',
      fr: 'Mise à niveau du canal de paiement samedi', jp: '土曜日の決済チャネル更新について', kor: '토요일 결제 채널 업그레이드',
      pt: 'Atualização do canal de pagamento no sábado', ru: 'Обновление платёжного канала в субботу',
      spa: 'Actualización del canal de pago el sábado', th: 'อัปเกรดช่องทางการชำระเงินวันเสาร์', vi: 'Nâng cấp kênh thanh toán vào thứ Bảy', zh: '周六支付通道升级',
    },
    content: {
      cht: `<p>我們的銀行轉帳合作夥伴將於週六 01:00 至 03:00（UTC）升級系統。</p><p>此期間提出的提領申請將在升級完成後立即處理。</p>`,
      de: `<p>Unser Partner für Banküberweisungen aktualisiert am Samstag zwischen 01:00 und 03:00 UTC seine Systeme.</p><p>In dieser Zeit beantragte Auszahlungen werden direkt nach dem Upgrade bearbeitet.</p>`,
      en: `<p>Our bank transfer partner is upgrading its systems on Saturday between 01:00 and 03:00 UTC.</p><p>Withdrawals requested during this time are processed right after the upgrade.</p>`,
      fr: `<p>Notre partenaire de virements bancaires met à niveau ses systèmes samedi entre 01h00 et 03h00 UTC.</p><p>Les retraits demandés pendant ce créneau seront traités juste après.</p>`,
      jp: `<p>銀行振込の提携先が土曜日 01:00～03:00（UTC）にシステムを更新します。</p><p>この時間帯に申請された出金は、更新完了後すぐに処理されます。</p>`,
      kor: `<p>은행 이체 제휴사가 토요일 01:00~03:00(UTC)에 시스템을 업그레이드합니다.</p><p>이 시간에 신청한 출금은 업그레이드 직후 처리됩니다.</p>`,
      pt: `<p>Nosso parceiro de transferências bancárias vai atualizar seus sistemas no sábado, entre 01:00 e 03:00 UTC.</p><p>Saques solicitados nesse período serão processados logo após a atualização.</p>`,
      ru: `<p>В субботу с 01:00 до 03:00 UTC наш партнёр по банковским переводам обновляет свои системы.</p><p>Заявки на вывод, поданные в это время, будут обработаны сразу после обновления.</p>`,
      spa: `<p>Nuestro socio de transferencias bancarias actualizará sus sistemas el sábado entre las 01:00 y las 03:00 UTC.</p><p>Los retiros solicitados en ese horario se procesarán justo después.</p>`,
      th: `<p>พาร์ทเนอร์โอนเงินผ่านธนาคารของเราจะอัปเกรดระบบในวันเสาร์ เวลา 01:00–03:00 น. (UTC)</p><p>คำขอถอนเงินในช่วงเวลานี้จะได้รับการดำเนินการทันทีหลังอัปเกรดเสร็จ</p>`,
      vi: `<p>Đối tác chuyển khoản ngân hàng của chúng tôi nâng cấp hệ thống vào thứ Bảy, từ 01:00 đến 03:00 UTC.</p><p>Yêu cầu rút tiền trong thời gian này sẽ được xử lý ngay sau khi nâng cấp xong.</p>`,
      zh: `<p>我们的银行转账合作方将于周六 01:00 至 03:00（UTC）升级系统。</p><p>此期间提交的提现申请将在升级完成后立即处理。</p>`,
    },
  },
  {
    key: 'security-reminder', category: 'announcement', minutesAgo: 4 * D + 5 * H, read: true,
    title: {
      cht: '安全提醒：保護好您的交易密碼', de: 'Sicherheitshinweis: Schützen Sie Ihr Transaktionspasswort', en: 'Security reminder: protect your transaction password',
      fr: 'Rappel de sécurité : protégez votre mot de passe de transaction', jp: 'セキュリティのお願い：取引パスワードを守りましょう', kor: '보안 안내: 거래 비밀번호를 지키세요',
      pt: 'Lembrete de segurança: proteja sua senha de transação', ru: 'Напоминание о безопасности: берегите пароль для транзакций',
      spa: 'Recordatorio de seguridad: proteja su contraseña de transacciones', th: 'ข้อควรระวัง: ปกป้องรหัสผ่านธุรกรรมของคุณ', vi: 'Nhắc nhở bảo mật: bảo vệ mật khẩu giao dịch của bạn', zh: '安全提醒：保护好您的交易密码',
    },
    content: {
      cht: `<p>我們的工作人員<strong>絕不會</strong>索取您的登入密碼或交易密碼。</p><ul><li>請勿將驗證碼告訴任何人。</li><li>如懷疑帳號被盜用，請立即更改密碼。</li></ul>`,
      de: `<p>Unsere Mitarbeitenden fragen <strong>niemals</strong> nach Ihrem Login- oder Transaktionspasswort.</p><ul><li>Geben Sie Bestätigungscodes an niemanden weiter.</li><li>Ändern Sie Ihr Passwort sofort, wenn Sie einen Missbrauch vermuten.</li></ul>`,
      en: `<p>Our staff will <strong>never</strong> ask for your login or transaction password.</p><ul><li>Do not share verification codes with anyone.</li><li>Change your password at once if you suspect misuse.</li></ul>`,
      fr: `<p>Notre équipe ne vous demandera <strong>jamais</strong> votre mot de passe de connexion ou de transaction.</p><ul><li>Ne communiquez vos codes de vérification à personne.</li><li>Changez immédiatement votre mot de passe si vous soupçonnez un abus.</li></ul>`,
      jp: `<p>当社スタッフがログインパスワードや取引パスワードを尋ねることは<strong>決してありません</strong>。</p><ul><li>認証コードは誰にも教えないでください。</li><li>不正利用の疑いがある場合は、すぐにパスワードを変更してください。</li></ul>`,
      kor: `<p>저희 직원은 로그인 비밀번호나 거래 비밀번호를 <strong>절대</strong> 묻지 않습니다.</p><ul><li>인증 코드를 누구와도 공유하지 마세요.</li><li>도용이 의심되면 즉시 비밀번호를 변경하세요.</li></ul>`,
      pt: `<p>Nossa equipe <strong>nunca</strong> pedirá sua senha de login ou de transação.</p><ul><li>Não compartilhe códigos de verificação com ninguém.</li><li>Troque sua senha imediatamente se suspeitar de uso indevido.</li></ul>`,
      ru: `<p>Наши сотрудники <strong>никогда</strong> не спрашивают пароль для входа или для транзакций.</p><ul><li>Никому не сообщайте коды подтверждения.</li><li>Сразу смените пароль, если подозреваете, что им воспользовался кто-то другой.</li></ul>`,
      spa: `<p>Nuestro personal <strong>nunca</strong> le pedirá su contraseña de acceso ni la de transacciones.</p><ul><li>No comparta códigos de verificación con nadie.</li><li>Cambie su contraseña de inmediato si sospecha un uso indebido.</li></ul>`,
      th: `<p>เจ้าหน้าที่ของเรา<strong>ไม่มีวัน</strong>ขอรหัสผ่านเข้าสู่ระบบหรือรหัสผ่านธุรกรรมของคุณ</p><ul><li>อย่าบอกรหัสยืนยันแก่ผู้ใด</li><li>หากสงสัยว่ามีการใช้งานผิดปกติ ให้เปลี่ยนรหัสผ่านทันที</li></ul>`,
      vi: `<p>Nhân viên của chúng tôi <strong>không bao giờ</strong> hỏi mật khẩu đăng nhập hay mật khẩu giao dịch của bạn.</p><ul><li>Không chia sẻ mã xác minh với bất kỳ ai.</li><li>Hãy đổi mật khẩu ngay nếu nghi ngờ tài khoản bị lạm dụng.</li></ul>`,
      zh: `<p>我们的工作人员<strong>绝不会</strong>向您索取登录密码或交易密码。</p><ul><li>请勿将验证码告诉任何人。</li><li>如怀疑账号被盗用，请立即修改密码。</li></ul>`,
    },
  },
  {
    key: 'weekend-flash-sale', category: 'activity', minutesAgo: 6 * D + 2 * H, read: false,
    title: {
      cht: '週末限時特惠：展示量八五折', de: 'Wochenend-Aktion: Anzeigenvolumen 15 % günstiger', en: 'Weekend flash sale: 15% off display volume',
      fr: 'Vente flash du week-end : −15 % sur le volume d\u2019affichage', jp: '週末限定セール：表示量 15% オフ', kor: '주말 반짝 세일: 노출량 15% 할인',
      pt: 'Promoção relâmpago de fim de semana: 15% de desconto no volume de exibição', ru: 'Распродажа выходного дня: объём показов на 15% дешевле',
      spa: 'Oferta relámpago de fin de semana: 15 % de descuento en volumen de visualización', th: 'โปรสุดสัปดาห์: ลด 15% ปริมาณการแสดงผล', vi: 'Ưu đãi chớp nhoáng cuối tuần: giảm 15% lượng hiển thị', zh: '周末限时特惠：展示量八五折',
    },
    content: {
      cht: `<p>僅限本週末：所有店鋪的展示量套餐享<strong>八五折</strong>優惠，投放計畫時自動折抵。</p>`,
      de: `<p>Nur an diesem Wochenende: Pakete für Anzeigenvolumen sind für alle Shops <strong>15 % günstiger</strong>. Der Rabatt wird beim Einsetzen eines Plans automatisch abgezogen.</p>`,
      en: `<p>This weekend only: display-volume packages are <strong>15% off</strong> for every shop. The discount is applied automatically when you put a plan.</p>`,
      fr: `<p>Ce week-end seulement : les forfaits de volume d'affichage sont à <strong>−15 %</strong> pour toutes les boutiques. La remise s'applique automatiquement au lancement d'un plan.</p>`,
      jp: `<p>今週末限定：全店舗で表示量パッケージが <strong>15% オフ</strong>。プラン出稿時に自動で割引されます。</p>`,
      kor: `<p>이번 주말 한정: 모든 매장의 노출량 패키지를 <strong>15% 할인</strong>합니다. 플랜을 집행하면 자동으로 적용됩니다.</p>`,
      pt: `<p>Só neste fim de semana: pacotes de volume de exibição com <strong>15% de desconto</strong> para todas as lojas. O desconto é aplicado automaticamente ao colocar um plano.</p>`,
      ru: `<p>Только в эти выходные: пакеты показов для всех магазинов <strong>на 15% дешевле</strong>. Скидка применяется автоматически при запуске плана.</p>`,
      spa: `<p>Solo este fin de semana: los paquetes de volumen de visualización tienen un <strong>15 % de descuento</strong> para todas las tiendas. El descuento se aplica automáticamente al activar un plan.</p>`,
      th: `<p>เฉพาะสุดสัปดาห์นี้: แพ็กเกจปริมาณการแสดงผล<strong>ลด 15%</strong> สำหรับทุกร้าน ส่วนลดจะคำนวณให้อัตโนมัติเมื่อคุณลงแผน</p>`,
      vi: `<p>Chỉ cuối tuần này: các gói lượng hiển thị được <strong>giảm 15%</strong> cho mọi cửa hàng. Mức giảm được áp dụng tự động khi bạn chạy kế hoạch.</p>`,
      zh: `<p>仅限本周末：所有店铺的展示量套餐享<strong>八五折</strong>，投放计划时自动抵扣。</p>`,
    },
  },
  {
    key: 'statistics-delay-fixed', category: 'maintenance', minutesAgo: 8 * D + H, read: true,
    title: {
      cht: '統計延遲問題已緊急修復', de: 'Verzögerte Statistiken: Fehler behoben', en: 'Delayed statistics: issue fixed',
      fr: 'Statistiques en retard : problème résolu', jp: '統計の遅延：不具合を修正しました', kor: '통계 지연 문제 해결',
      pt: 'Atraso nas estatísticas: problema resolvido', ru: 'Задержка статистики: проблема устранена',
      spa: 'Retraso en las estadísticas: problema resuelto', th: 'สถิติล่าช้า: แก้ไขปัญหาแล้ว', vi: 'Thống kê bị chậm: đã khắc phục', zh: '统计延迟问题已紧急修复',
    },
    content: {
      cht: `<p>部分店鋪在 14:00 至 15:30（UTC）期間的曝光與點擊數據延遲到達。問題已修復，所有數據均已補齊，投放未受任何影響。</p>`,
      de: `<p>Bei einigen Shops kamen Impressionen und Klicks zwischen 14:00 und 15:30 UTC verspätet an. Der Fehler ist behoben, alle Daten wurden nachgetragen; es ging keine Auslieferung verloren.</p>`,
      en: `<p>Some shops saw impressions and clicks arrive late between 14:00 and 15:30 UTC. The issue is fixed and all data has been filled in; no delivery was lost.</p>`,
      fr: `<p>Certaines boutiques ont reçu leurs impressions et clics en retard entre 14h00 et 15h30 UTC. Le problème est résolu et toutes les données ont été complétées ; aucune diffusion n'a été perdue.</p>`,
      jp: `<p>一部の店舗で 14:00～15:30（UTC）のインプレッションとクリックの反映が遅れていました。不具合は修正済みで、データもすべて補完しました。配信への影響はありません。</p>`,
      kor: `<p>일부 매장에서 14:00~15:30(UTC) 사이 노출과 클릭 데이터가 늦게 반영되었습니다. 문제는 해결되었고 모든 데이터가 채워졌으며, 송출에는 손실이 없었습니다.</p>`,
      pt: `<p>Algumas lojas receberam impressões e cliques com atraso entre 14:00 e 15:30 UTC. O problema foi corrigido e todos os dados foram preenchidos; nenhuma veiculação foi perdida.</p>`,
      ru: `<p>У некоторых магазинов показы и клики с 14:00 до 15:30 UTC поступали с задержкой. Проблема устранена, все данные восстановлены; показы не пострадали.</p>`,
      spa: `<p>Algunas tiendas recibieron con retraso las impresiones y clics entre las 14:00 y las 15:30 UTC. El problema está resuelto y todos los datos se han completado; no se perdió ninguna publicación.</p>`,
      th: `<p>บางร้านได้รับข้อมูลการแสดงผลและการคลิกล่าช้าในช่วง 14:00–15:30 น. (UTC) ขณะนี้แก้ไขปัญหาแล้วและเติมข้อมูลครบถ้วน ไม่มีการแสดงโฆษณาสูญหาย</p>`,
      vi: `<p>Một số cửa hàng nhận dữ liệu lượt hiển thị và lượt nhấp chậm trong khoảng 14:00–15:30 UTC. Sự cố đã được khắc phục và toàn bộ dữ liệu đã được bổ sung; không có lượt phân phối nào bị mất.</p>`,
      zh: `<p>部分店铺在 14:00 至 15:30（UTC）期间的曝光和点击数据延迟到达。问题已修复，所有数据均已补齐，投放未受影响。</p>`,
    },
  },
  {
    key: 'service-hours', category: 'announcement', minutesAgo: 11 * D + 3 * H, read: true,
    title: {
      cht: '客服服務時間延長', de: 'Längere Servicezeiten im Kundendienst', en: 'Customer service hours extended',
      fr: 'Horaires du service client étendus', jp: 'カスタマーサービスの対応時間を拡大', kor: '고객센터 운영 시간 연장',
      pt: 'Horário de atendimento ampliado', ru: 'Служба поддержки работает дольше',
      spa: 'Horario de atención al cliente ampliado', th: 'ขยายเวลาให้บริการฝ่ายบริการลูกค้า', vi: 'Kéo dài giờ hỗ trợ khách hàng', zh: '客服服务时间延长',
    },
    content: {
      cht: `<p>客服現已提供<strong>全年無休 24 小時</strong>中英文服務，其他語言於當地上班時間提供。</p>`,
      de: `<p>Der Kundendienst ist jetzt <strong>rund um die Uhr an 7 Tagen die Woche</strong> auf Englisch und Chinesisch erreichbar, weitere Sprachen während der örtlichen Bürozeiten.</p>`,
      en: `<p>Customer service now answers <strong>24 hours a day, 7 days a week</strong> in English and Chinese, with more languages during local office hours.</p>`,
      fr: `<p>Le service client répond désormais <strong>24 h/24, 7 j/7</strong> en anglais et en chinois, et dans d'autres langues aux heures de bureau locales.</p>`,
      jp: `<p>カスタマーサービスは英語と中国語で<strong>24 時間 365 日</strong>対応するようになりました。その他の言語は現地の営業時間内に対応します。</p>`,
      kor: `<p>이제 고객센터가 영어와 중국어로 <strong>연중무휴 24시간</strong> 응대하며, 다른 언어는 현지 업무 시간에 응대합니다.</p>`,
      pt: `<p>O atendimento agora funciona <strong>24 horas por dia, 7 dias por semana</strong> em inglês e chinês, e em outros idiomas no horário comercial local.</p>`,
      ru: `<p>Служба поддержки теперь отвечает <strong>круглосуточно и без выходных</strong> на английском и китайском, на других языках — в местные рабочие часы.</p>`,
      spa: `<p>Atención al cliente responde ahora <strong>las 24 horas, los 7 días de la semana</strong> en inglés y chino, y en más idiomas en horario de oficina local.</p>`,
      th: `<p>ฝ่ายบริการลูกค้าให้บริการเป็นภาษาอังกฤษและภาษาจีน<strong>ตลอด 24 ชั่วโมง ทุกวัน</strong> และภาษาอื่น ๆ ในเวลาทำการท้องถิ่น</p>`,
      vi: `<p>Bộ phận hỗ trợ khách hàng nay phục vụ <strong>24 giờ mỗi ngày, 7 ngày mỗi tuần</strong> bằng tiếng Anh và tiếng Trung, các ngôn ngữ khác trong giờ hành chính địa phương.</p>`,
      zh: `<p>客服现已提供<strong>全年无休 24 小时</strong>中英文服务，其他语言在当地工作时间提供。</p>`,
    },
  },
  {
    key: 'level-upgrade-bonus', category: 'activity', minutesAgo: 15 * D + 5 * H, read: true,
    title: {
      cht: '店鋪升級獎勵', de: 'Bonus für den Aufstieg im Shop-Level', en: 'Shop level upgrade bonus',
      fr: 'Bonus de passage au niveau supérieur', jp: '店舗レベルアップボーナス', kor: '매장 등급 상승 보너스',
      pt: 'Bônus por subir de nível da loja', ru: 'Бонус за повышение уровня магазина',
      spa: 'Bonificación por subir de nivel de tienda', th: 'โบนัสเลื่อนระดับร้านค้า', vi: 'Thưởng nâng cấp cấp độ cửa hàng', zh: '店铺升级奖励',
    },
    content: {
      cht: `<p>本月升至下一個店鋪等級，即可獲得價值 <strong>$50</strong> 的獎勵券。到「店鋪等級」頁面查看您的進度。</p>`,
      de: `<p>Erreichen Sie diesen Monat das nächste Shop-Level und erhalten Sie einen Bonusgutschein im Wert von <strong>$50</strong>. Ihren Fortschritt sehen Sie auf der Seite „Shop-Level“.</p>`,
      en: `<p>Reach the next shop level this month and receive a bonus coupon worth <strong>$50</strong>. Check your progress on the Shop level page.</p>`,
      fr: `<p>Atteignez le niveau de boutique suivant ce mois-ci et recevez un bon bonus d'une valeur de <strong>50 $</strong>. Suivez votre progression sur la page Niveau de la boutique.</p>`,
      jp: `<p>今月中に次の店舗レベルに到達すると、<strong>$50</strong> 相当のボーナスクーポンを進呈します。進捗は「店舗レベル」ページで確認できます。</p>`,
      kor: `<p>이번 달에 다음 매장 등급에 도달하면 <strong>$50</strong> 상당의 보너스 쿠폰을 드립니다. 진행 상황은 매장 등급 페이지에서 확인하세요.</p>`,
      pt: `<p>Alcance o próximo nível da loja este mês e receba um cupom bônus de <strong>US$ 50</strong>. Acompanhe seu progresso na página Nível da loja.</p>`,
      ru: `<p>Достигните следующего уровня магазина в этом месяце и получите бонусный купон на <strong>$50</strong>. Следите за прогрессом на странице «Уровень магазина».</p>`,
      spa: `<p>Alcance el siguiente nivel de tienda este mes y reciba un cupón de bonificación de <strong>50 $</strong>. Consulte su progreso en la página Nivel de tienda.</p>`,
      th: `<p>เลื่อนถึงระดับร้านค้าถัดไปภายในเดือนนี้ รับคูปองโบนัสมูลค่า <strong>$50</strong> ดูความคืบหน้าได้ที่หน้าระดับร้านค้า</p>`,
      vi: `<p>Đạt cấp độ cửa hàng tiếp theo trong tháng này để nhận phiếu thưởng trị giá <strong>$50</strong>. Xem tiến độ tại trang Cấp độ cửa hàng.</p>`,
      zh: `<p>本月升至下一店铺等级，即可获得价值 <strong>$50</strong> 的奖励券。可在“店铺等级”页面查看进度。</p>`,
    },
  },
  {
    key: 'database-maintenance-done', category: 'maintenance', minutesAgo: 20 * D + 2 * H, read: true,
    title: {
      cht: '資料庫維護已完成', de: 'Datenbankwartung abgeschlossen', en: 'Database maintenance completed',
      fr: 'Maintenance de la base de données terminée', jp: 'データベースメンテナンス完了', kor: '데이터베이스 점검 완료',
      pt: 'Manutenção do banco de dados concluída', ru: 'Обслуживание базы данных завершено',
      spa: 'Mantenimiento de la base de datos completado', th: 'ปรับปรุงฐานข้อมูลเสร็จสิ้น', vi: 'Hoàn tất bảo trì cơ sở dữ liệu', zh: '数据库维护已完成',
    },
    content: {
      cht: `<p>計畫中的資料庫維護已提前完成，所有服務均已恢復正常。</p>`,
      de: `<p>Die geplante Datenbankwartung wurde früher als vorgesehen abgeschlossen. Alle Dienste laufen wieder normal.</p>`,
      en: `<p>The planned database maintenance finished ahead of schedule. All services are running normally.</p>`,
      fr: `<p>La maintenance prévue de la base de données s'est terminée plus tôt que prévu. Tous les services fonctionnent normalement.</p>`,
      jp: `<p>予定していたデータベースメンテナンスは予定より早く完了しました。すべてのサービスは正常に稼働しています。</p>`,
      kor: `<p>예정된 데이터베이스 점검이 일정보다 일찍 끝났습니다. 모든 서비스가 정상 운영 중입니다.</p>`,
      pt: `<p>A manutenção programada do banco de dados terminou antes do previsto. Todos os serviços estão funcionando normalmente.</p>`,
      ru: `<p>Плановое обслуживание базы данных завершилось раньше срока. Все сервисы работают в обычном режиме.</p>`,
      spa: `<p>El mantenimiento previsto de la base de datos terminó antes de lo programado. Todos los servicios funcionan con normalidad.</p>`,
      th: `<p>การปรับปรุงฐานข้อมูลตามแผนเสร็จเร็วกว่ากำหนด บริการทั้งหมดทำงานตามปกติ</p>`,
      vi: `<p>Đợt bảo trì cơ sở dữ liệu theo kế hoạch đã xong sớm hơn dự kiến. Mọi dịch vụ đều hoạt động bình thường.</p>`,
      zh: `<p>计划中的数据库维护已提前完成，所有服务均已恢复正常。</p>`,
    },
  },
  {
    key: 'welcome-new-app', category: 'announcement', minutesAgo: 25 * D + 4 * H, read: true,
    title: {
      cht: '歡迎使用全新的 Merchant Ads', de: 'Willkommen in der neuen Merchant-Ads-App', en: 'Welcome to the new Merchant Ads app',
      fr: 'Bienvenue dans la nouvelle application Merchant Ads', jp: '新しい Merchant Ads アプリへようこそ', kor: '새로워진 Merchant Ads 앱에 오신 것을 환영합니다',
      pt: 'Boas-vindas ao novo app Merchant Ads', ru: 'Добро пожаловать в новое приложение Merchant Ads',
      spa: 'Bienvenido a la nueva app de Merchant Ads', th: 'ยินดีต้อนรับสู่แอป Merchant Ads โฉมใหม่', vi: 'Chào mừng bạn đến với ứng dụng Merchant Ads mới', zh: '欢迎使用全新的 Merchant Ads',
    },
    content: {
      cht: `<p>全新改版上線：更清晰的首頁、即時投放統計，以及 12 種語言的訊息。</p><p>歡迎透過廣告中心的<strong>意見回饋</strong>告訴我們您的想法。</p>`,
      de: `<p>Die neu gestaltete App ist da: ein übersichtlicherer Startbildschirm, Auslieferungsstatistiken in Echtzeit und Nachrichten in 12 Sprachen.</p><p>Sagen Sie uns Ihre Meinung über <strong>Feedback</strong> im Anzeigenzentrum.</p>`,
      en: `<p>The redesigned app is here: a clearer home screen, live delivery statistics and messages in 12 languages.</p><p>Tell us what you think through <strong>Feedback</strong> in the ad centre.</p>`,
      fr: `<p>L'application repensée est là : un écran d'accueil plus clair, des statistiques de diffusion en direct et des messages en 12 langues.</p><p>Donnez-nous votre avis via <strong>Avis</strong> dans le centre publicitaire.</p>`,
      jp: `<p>リニューアルしたアプリが登場しました。見やすくなったホーム画面、リアルタイムの配信統計、12 言語のメッセージをご利用いただけます。</p><p>ご意見は広告センターの<strong>フィードバック</strong>からお寄せください。</p>`,
      kor: `<p>새롭게 디자인된 앱을 만나 보세요. 더 깔끔한 홈 화면, 실시간 송출 통계, 12개 언어 메시지를 제공합니다.</p><p>광고 센터의 <strong>피드백</strong>으로 의견을 들려주세요.</p>`,
      pt: `<p>O app foi redesenhado: tela inicial mais clara, estatísticas de veiculação em tempo real e mensagens em 12 idiomas.</p><p>Conte o que achou em <strong>Feedback</strong>, na central de anúncios.</p>`,
      ru: `<p>Встречайте обновлённое приложение: понятный главный экран, статистика показов в реальном времени и сообщения на 12 языках.</p><p>Поделитесь мнением через раздел <strong>Обратная связь</strong> в рекламном центре.</p>`,
      spa: `<p>Llega la app rediseñada: una pantalla de inicio más clara, estadísticas de publicación en directo y mensajes en 12 idiomas.</p><p>Cuéntenos qué le parece en <strong>Comentarios</strong>, dentro del centro de anuncios.</p>`,
      th: `<p>แอปโฉมใหม่มาแล้ว: หน้าแรกที่ดูง่ายขึ้น สถิติการแสดงโฆษณาแบบเรียลไทม์ และข้อความใน 12 ภาษา</p><p>บอกความคิดเห็นของคุณผ่าน<strong>ข้อเสนอแนะ</strong>ในศูนย์โฆษณา</p>`,
      vi: `<p>Ứng dụng được thiết kế lại đã ra mắt: màn hình chính rõ ràng hơn, thống kê phân phối trực tiếp và tin nhắn bằng 12 ngôn ngữ.</p><p>Hãy cho chúng tôi biết ý kiến qua mục <strong>Góp ý</strong> trong trung tâm quảng cáo.</p>`,
      zh: `<p>全新改版上线：更清晰的首页、实时投放统计，以及 12 种语言的消息。</p><p>欢迎通过广告中心的<strong>意见反馈</strong>告诉我们您的想法。</p>`,
    },
  },
];

/** Messages to one merchant (each seeded merchant gets its own copy). */
export const MERCHANT_MESSAGES: readonly SeedMessage[] = [
  {
    key: 'plan-finished', category: 'announcement', minutesAgo: 12, read: false,
    title: {
      cht: '您的計畫已完成投放', de: 'Ihr Plan ist vollständig ausgeliefert', en: 'Your plan has finished delivery',
      fr: 'Votre plan a terminé sa diffusion', jp: 'プランの配信が完了しました', kor: '플랜 송출이 완료되었습니다',
      pt: 'Seu plano concluiu a veiculação', ru: 'Ваш план завершил показы',
      spa: 'Su plan ha terminado de publicarse', th: 'แผนของคุณแสดงโฆษณาครบแล้ว', vi: 'Kế hoạch của bạn đã phân phối xong', zh: '您的计划已完成投放',
    },
    content: {
      cht: `<p>您最近的廣告計畫已達到全部投放金額並完成投放。</p><p>可在<strong>計畫</strong>中查看曝光、點擊與收益。</p>`,
      de: `<p>Ihr letzter Werbeplan hat seinen vollen Einsatzbetrag erreicht und die Auslieferung abgeschlossen.</p><p>Impressionen, Klicks und Erlöse sehen Sie unter <strong>Pläne</strong>.</p>`,
      en: `<p>Your latest ad plan has reached its full put amount and finished delivery.</p><p>See impressions, clicks and revenue under <strong>Plans</strong>.</p>`,
      fr: `<p>Votre dernier plan publicitaire a atteint son montant total et a terminé sa diffusion.</p><p>Consultez impressions, clics et revenus dans <strong>Plans</strong>.</p>`,
      jp: `<p>最新の広告プランが出稿金額の全額に達し、配信を完了しました。</p><p>インプレッション、クリック、収益は<strong>プラン</strong>で確認できます。</p>`,
      kor: `<p>최근 광고 플랜이 집행 금액을 모두 소진하고 송출을 마쳤습니다.</p><p>노출, 클릭, 수익은 <strong>플랜</strong>에서 확인하세요.</p>`,
      pt: `<p>Seu plano de anúncios mais recente atingiu o valor total e concluiu a veiculação.</p><p>Veja impressões, cliques e receita em <strong>Planos</strong>.</p>`,
      ru: `<p>Ваш последний рекламный план израсходовал всю сумму и завершил показы.</p><p>Показы, клики и доход смотрите в разделе <strong>Планы</strong>.</p>`,
      spa: `<p>Su último plan publicitario ha alcanzado el importe total y ha terminado de publicarse.</p><p>Consulte impresiones, clics e ingresos en <strong>Planes</strong>.</p>`,
      th: `<p>แผนโฆษณาล่าสุดของคุณใช้ยอดลงโฆษณาครบและแสดงโฆษณาเสร็จแล้ว</p><p>ดูการแสดงผล การคลิก และรายได้ได้ที่<strong>แผน</strong></p>`,
      vi: `<p>Kế hoạch quảng cáo mới nhất của bạn đã dùng hết số tiền đặt và phân phối xong.</p><p>Xem lượt hiển thị, lượt nhấp và doanh thu trong mục <strong>Kế hoạch</strong>.</p>`,
      zh: `<p>您最近的广告计划已达到全部投放金额并完成投放。</p><p>可在<strong>计划</strong>中查看曝光、点击和收益。</p>`,
    },
  },
  {
    key: 'coupon-gift', category: 'activity', minutesAgo: 90, read: false,
    title: {
      cht: '有一張優惠券等您領用', de: 'Ein Gutschein wartet auf Sie', en: 'A coupon is waiting for you',
      fr: 'Un bon vous attend', jp: 'クーポンをお届けしました', kor: '쿠폰이 도착했습니다',
      pt: 'Há um cupom esperando por você', ru: 'Вас ждёт купон',
      spa: 'Tiene un cupón esperándole', th: 'มีคูปองรอคุณอยู่', vi: 'Bạn có một phiếu giảm giá đang chờ', zh: '有一张优惠券等您使用',
    },
    content: {
      cht: `<p>感謝您近期的投放，我們已在您的帳戶中加入一張<strong>抵扣券</strong>，請在到期前使用。</p>`,
      de: `<p>Als Dankeschön für Ihre letzten Pläne haben wir Ihrem Konto einen <strong>Abzugsgutschein</strong> gutgeschrieben. Lösen Sie ihn vor Ablauf ein.</p>`,
      en: `<p>As a thank-you for your recent plans, we have added a <strong>deduction coupon</strong> to your account. Use it before it expires.</p>`,
      fr: `<p>Pour vous remercier de vos derniers plans, nous avons ajouté un <strong>bon de déduction</strong> à votre compte. Utilisez-le avant son expiration.</p>`,
      jp: `<p>最近のご出稿への感謝として、アカウントに<strong>控除クーポン</strong>を追加しました。有効期限までにご利用ください。</p>`,
      kor: `<p>최근 플랜 집행에 감사드리며 계정에 <strong>차감 쿠폰</strong>을 넣어 드렸습니다. 만료 전에 사용하세요.</p>`,
      pt: `<p>Como agradecimento pelos seus planos recentes, adicionamos um <strong>cupom de dedução</strong> à sua conta. Use-o antes que expire.</p>`,
      ru: `<p>В благодарность за ваши недавние планы мы добавили на ваш счёт <strong>купон-вычет</strong>. Используйте его до окончания срока.</p>`,
      spa: `<p>Como agradecimiento por sus planes recientes, hemos añadido un <strong>cupón de deducción</strong> a su cuenta. Úselo antes de que caduque.</p>`,
      th: `<p>ขอบคุณสำหรับแผนโฆษณาล่าสุดของคุณ เราได้เพิ่ม<strong>คูปองส่วนลด</strong>เข้าบัญชีของคุณแล้ว โปรดใช้ก่อนหมดอายุ</p>`,
      vi: `<p>Để cảm ơn các kế hoạch gần đây của bạn, chúng tôi đã thêm một <strong>phiếu khấu trừ</strong> vào tài khoản. Hãy dùng trước khi hết hạn.</p>`,
      zh: `<p>感谢您近期的投放，我们已向您的账户发放一张<strong>抵扣券</strong>，请在到期前使用。</p>`,
    },
  },
  {
    key: 'region-move', category: 'maintenance', minutesAgo: 4 * H + 15, read: false,
    title: {
      cht: '您所在地區的投放今晚將短暫暫停', de: 'Auslieferung in Ihrer Region pausiert heute Nacht kurz', en: 'Delivery in your region pauses briefly tonight',
      fr: 'La diffusion dans votre région s\u2019interrompt brièvement cette nuit', jp: 'お客様の地域の配信が今夜一時停止します', kor: '오늘 밤 지역 송출이 잠시 중단됩니다',
      pt: 'A veiculação na sua região pausa brevemente hoje à noite', ru: 'Сегодня ночью показы в вашем регионе ненадолго остановятся',
      spa: 'La publicación en su región se detiene brevemente esta noche', th: 'การแสดงโฆษณาในภูมิภาคของคุณจะหยุดชั่วคราวคืนนี้', vi: 'Phân phối tại khu vực của bạn tạm dừng ngắn đêm nay', zh: '您所在地区的投放今晚将短暂暂停',
    },
    content: {
      cht: `<p>今晚 03:00 至 03:20（UTC），您投放地區的廣告將遷移至新的資料中心。投放最多暫停 20 分鐘，之後自動恢復。</p>`,
      de: `<p>Die Anzeigen Ihrer Auslieferungsregion ziehen heute Nacht zwischen 03:00 und 03:20 UTC in ein neues Rechenzentrum um. Die Auslieferung pausiert höchstens 20 Minuten und läuft danach automatisch weiter.</p>`,
      en: `<p>Ads in your delivery region move to a new data centre tonight between 03:00 and 03:20 UTC. Delivery pauses for up to 20 minutes and resumes automatically.</p>`,
      fr: `<p>Les annonces de votre région de diffusion migrent vers un nouveau centre de données cette nuit entre 03h00 et 03h20 UTC. La diffusion s'interrompt au maximum 20 minutes puis reprend automatiquement.</p>`,
      jp: `<p>今夜 03:00～03:20（UTC）に、お客様の配信地域の広告を新しいデータセンターへ移行します。配信は最大 20 分停止し、その後自動で再開します。</p>`,
      kor: `<p>오늘 밤 03:00~03:20(UTC)에 송출 지역의 광고를 새 데이터 센터로 옮깁니다. 송출은 최대 20분 중단된 뒤 자동으로 재개됩니다.</p>`,
      pt: `<p>Os anúncios da sua região de veiculação serão migrados para um novo data center hoje à noite, entre 03:00 e 03:20 UTC. A veiculação pausa por até 20 minutos e retoma automaticamente.</p>`,
      ru: `<p>Сегодня ночью с 03:00 до 03:20 UTC реклама вашего региона переезжает в новый дата-центр. Показы остановятся не более чем на 20 минут и возобновятся автоматически.</p>`,
      spa: `<p>Los anuncios de su región de publicación se trasladan a un nuevo centro de datos esta noche entre las 03:00 y las 03:20 UTC. La publicación se detiene hasta 20 minutos y se reanuda sola.</p>`,
      th: `<p>คืนนี้เวลา 03:00–03:20 น. (UTC) โฆษณาในภูมิภาคของคุณจะย้ายไปยังศูนย์ข้อมูลแห่งใหม่ การแสดงโฆษณาจะหยุดไม่เกิน 20 นาทีและกลับมาทำงานเองโดยอัตโนมัติ</p>`,
      vi: `<p>Đêm nay từ 03:00 đến 03:20 UTC, quảng cáo tại khu vực phân phối của bạn được chuyển sang trung tâm dữ liệu mới. Việc phân phối tạm dừng tối đa 20 phút rồi tự động tiếp tục.</p>`,
      zh: `<p>今晚 03:00 至 03:20（UTC），您投放地区的广告将迁移至新的数据中心。投放最多暂停 20 分钟，之后自动恢复。</p>`,
    },
  },
  {
    key: 'level-raised', category: 'announcement', minutesAgo: D + 3 * H, read: true,
    title: {
      cht: '您的店鋪等級已提升', de: 'Ihr Shop-Level wurde angehoben', en: 'Your shop level was raised',
      fr: 'Le niveau de votre boutique a augmenté', jp: '店舗レベルが上がりました', kor: '매장 등급이 올라갔습니다',
      pt: 'O nível da sua loja subiu', ru: 'Уровень вашего магазина повышен',
      spa: 'El nivel de su tienda ha subido', th: 'ระดับร้านค้าของคุณเพิ่มขึ้นแล้ว', vi: 'Cấp độ cửa hàng của bạn đã được nâng', zh: '您的店铺等级已提升',
    },
    content: {
      cht: `<p>恭喜！您的店鋪已升至新等級。等級越高，可享有更優惠的券面額與優先審核。</p>`,
      de: `<p>Herzlichen Glückwunsch! Ihr Shop hat ein neues Level erreicht. Höhere Levels bringen bessere Gutscheinkonditionen und eine bevorzugte Prüfung.</p>`,
      en: `<p>Congratulations! Your shop has reached a new level. Higher levels unlock better coupon rates and priority review.</p>`,
      fr: `<p>Félicitations ! Votre boutique a atteint un nouveau niveau. Les niveaux supérieurs donnent accès à de meilleurs bons et à un examen prioritaire.</p>`,
      jp: `<p>おめでとうございます！店舗が新しいレベルに到達しました。レベルが上がるほど、クーポンの条件が良くなり、審査も優先されます。</p>`,
      kor: `<p>축하합니다! 매장이 새 등급에 도달했습니다. 등급이 높을수록 더 좋은 쿠폰 혜택과 우선 심사를 받을 수 있습니다.</p>`,
      pt: `<p>Parabéns! Sua loja alcançou um novo nível. Níveis mais altos liberam cupons melhores e análise prioritária.</p>`,
      ru: `<p>Поздравляем! Ваш магазин достиг нового уровня. Чем выше уровень, тем выгоднее купоны и быстрее проверка.</p>`,
      spa: `<p>¡Enhorabuena! Su tienda ha alcanzado un nuevo nivel. Los niveles más altos dan acceso a mejores cupones y revisión prioritaria.</p>`,
      th: `<p>ยินดีด้วย! ร้านของคุณเลื่อนขึ้นสู่ระดับใหม่แล้ว ระดับที่สูงขึ้นจะได้รับคูปองที่คุ้มค่ากว่าและการตรวจสอบแบบเร่งด่วน</p>`,
      vi: `<p>Chúc mừng! Cửa hàng của bạn đã lên cấp độ mới. Cấp độ càng cao, phiếu giảm giá càng tốt và được ưu tiên xét duyệt.</p>`,
      zh: `<p>恭喜！您的店铺已升至新等级。等级越高，可享受更优惠的券额度和优先审核。</p>`,
    },
  },
  {
    key: 'workshop-invitation', category: 'activity', minutesAgo: 2 * D + 4 * H, read: false,
    title: {
      cht: '邀請函：商家成長工作坊', de: 'Einladung: Workshop für Händlerwachstum', en: 'Invitation: merchant growth workshop',
      fr: 'Invitation : atelier de croissance pour marchands', jp: 'ご招待：販売店成長ワークショップ', kor: '초대장: 판매자 성장 워크숍',
      pt: 'Convite: workshop de crescimento para lojistas', ru: 'Приглашение: практикум по развитию продаж',
      spa: 'Invitación: taller de crecimiento para comerciantes', th: 'คำเชิญ: เวิร์กช็อปเติบโตสำหรับร้านค้า', vi: 'Lời mời: hội thảo phát triển dành cho nhà bán hàng', zh: '邀请函：商家成长工作坊',
    },
    content: {
      cht: `<p>誠摯邀請您參加免費線上工作坊，學習撰寫高轉換率的廣告。</p><ul><li>45 分鐘，含現場問答</li><li>會後提供錄影</li></ul>`,
      de: `<p>Wir laden Sie zu einem kostenlosen Online-Workshop ein: So schreiben Sie Anzeigen, die verkaufen.</p><ul><li>45 Minuten mit Fragen live</li><li>Aufzeichnung im Anschluss verfügbar</li></ul>`,
      en: `<p>You are invited to a free online workshop on writing ads that convert.</p><ul><li>45 minutes, with live questions</li><li>Recording available afterwards</li></ul>`,
      fr: `<p>Vous êtes invité à un atelier en ligne gratuit pour rédiger des annonces qui convertissent.</p><ul><li>45 minutes, avec questions en direct</li><li>Enregistrement disponible ensuite</li></ul>`,
      jp: `<p>成果につながる広告の書き方を学べる無料オンラインワークショップにご招待します。</p><ul><li>45 分間、ライブ質疑応答あり</li><li>終了後に録画を公開</li></ul>`,
      kor: `<p>전환율 높은 광고 작성법을 배우는 무료 온라인 워크숍에 초대합니다.</p><ul><li>45분, 실시간 질의응답 포함</li><li>종료 후 녹화본 제공</li></ul>`,
      pt: `<p>Você está convidado para um workshop online gratuito sobre como escrever anúncios que convertem.</p><ul><li>45 minutos, com perguntas ao vivo</li><li>Gravação disponível depois</li></ul>`,
      ru: `<p>Приглашаем вас на бесплатный онлайн-практикум о том, как писать рекламу, которая продаёт.</p><ul><li>45 минут, вопросы в прямом эфире</li><li>Запись будет доступна после</li></ul>`,
      spa: `<p>Le invitamos a un taller en línea gratuito sobre cómo escribir anuncios que convierten.</p><ul><li>45 minutos, con preguntas en directo</li><li>Grabación disponible después</li></ul>`,
      th: `<p>ขอเชิญคุณเข้าร่วมเวิร์กช็อปออนไลน์ฟรีเรื่องการเขียนโฆษณาที่ทำให้เกิดยอดขาย</p><ul><li>45 นาที พร้อมถามตอบสด</li><li>มีวิดีโอย้อนหลังให้ชม</li></ul>`,
      vi: `<p>Bạn được mời tham gia hội thảo trực tuyến miễn phí về cách viết quảng cáo hiệu quả.</p><ul><li>45 phút, có hỏi đáp trực tiếp</li><li>Có bản ghi hình sau buổi học</li></ul>`,
      zh: `<p>诚邀您参加免费线上工作坊，学习撰写高转化率的广告。</p><ul><li>45 分钟，含现场问答</li><li>会后提供回放</li></ul>`,
    },
  },
  {
    key: 'withdrawal-processed', category: 'announcement', minutesAgo: 3 * D + 5 * H, read: true,
    title: {
      cht: '您的提領申請已處理', de: 'Ihre Auszahlung wurde bearbeitet', en: 'Your withdrawal has been processed',
      fr: 'Votre retrait a été traité', jp: '出金申請を処理しました', kor: '출금 신청이 처리되었습니다',
      pt: 'Seu saque foi processado', ru: 'Ваша заявка на вывод обработана',
      spa: 'Su retiro ha sido procesado', th: 'ดำเนินการถอนเงินของคุณแล้ว', vi: 'Yêu cầu rút tiền của bạn đã được xử lý', zh: '您的提现申请已处理',
    },
    content: {
      cht: `<p>您的提領申請已處理完成。款項通常會在 1–3 個工作天內入帳，視您的銀行而定。</p>`,
      de: `<p>Ihr Auszahlungsantrag wurde bearbeitet. Das Geld kommt je nach Bank in der Regel innerhalb von 1–3 Werktagen an.</p>`,
      en: `<p>Your withdrawal request has been processed. The funds usually arrive within 1–3 business days, depending on your bank.</p>`,
      fr: `<p>Votre demande de retrait a été traitée. Les fonds arrivent généralement sous 1 à 3 jours ouvrés, selon votre banque.</p>`,
      jp: `<p>出金申請の処理が完了しました。着金までは通常 1～3 営業日かかります（銀行により異なります）。</p>`,
      kor: `<p>출금 신청이 처리되었습니다. 은행에 따라 보통 영업일 기준 1~3일 안에 입금됩니다.</p>`,
      pt: `<p>Sua solicitação de saque foi processada. O valor costuma chegar em 1 a 3 dias úteis, dependendo do seu banco.</p>`,
      ru: `<p>Ваша заявка на вывод обработана. Обычно средства поступают в течение 1–3 рабочих дней, в зависимости от банка.</p>`,
      spa: `<p>Su solicitud de retiro se ha procesado. Los fondos suelen llegar en 1 a 3 días hábiles, según su banco.</p>`,
      th: `<p>คำขอถอนเงินของคุณดำเนินการเรียบร้อยแล้ว โดยปกติเงินจะเข้าบัญชีภายใน 1–3 วันทำการ ขึ้นอยู่กับธนาคารของคุณ</p>`,
      vi: `<p>Yêu cầu rút tiền của bạn đã được xử lý. Tiền thường về tài khoản trong 1–3 ngày làm việc, tùy ngân hàng.</p>`,
      zh: `<p>您的提现申请已处理完成。款项通常在 1–3 个工作日内到账，具体取决于您的银行。</p>`,
    },
  },
  {
    key: 'card-binding-restored', category: 'maintenance', minutesAgo: 5 * D + 2 * H, read: true,
    title: {
      cht: '綁定銀行卡功能已恢復', de: 'Kartenverknüpfung wieder verfügbar', en: 'Card binding service restored',
      fr: 'Liaison de carte de nouveau disponible', jp: 'カード登録機能が復旧しました', kor: '카드 등록 서비스 복구',
      pt: 'Vinculação de cartão restabelecida', ru: 'Привязка карты снова работает',
      spa: 'Vinculación de tarjeta restablecida', th: 'บริการผูกบัตรกลับมาใช้งานได้แล้ว', vi: 'Dịch vụ liên kết thẻ đã khôi phục', zh: '绑定银行卡功能已恢复',
    },
    content: {
      cht: `<p>本週稍早，包括您在內的部分帳戶暫時無法綁定銀行卡。服務現已恢復，若先前操作失敗，請再試一次。</p>`,
      de: `<p>Anfang der Woche konnten einige Konten, darunter Ihres, keine Bankkarte verknüpfen. Der Dienst funktioniert wieder; versuchen Sie es bitte erneut, falls Ihr Versuch fehlgeschlagen ist.</p>`,
      en: `<p>Earlier this week some accounts, including yours, could not bind a bank card. The service is restored; please try again if your attempt failed.</p>`,
      fr: `<p>En début de semaine, certains comptes, dont le vôtre, ne pouvaient pas lier de carte bancaire. Le service est rétabli ; réessayez si votre tentative a échoué.</p>`,
      jp: `<p>今週前半、お客様を含む一部のアカウントで銀行カードを登録できない状態が発生しました。現在は復旧しています。登録に失敗した場合は、もう一度お試しください。</p>`,
      kor: `<p>이번 주 초 고객님을 포함한 일부 계정에서 은행 카드를 등록할 수 없었습니다. 서비스가 복구되었으니 실패했다면 다시 시도해 주세요.</p>`,
      pt: `<p>No início da semana, algumas contas, incluindo a sua, não conseguiam vincular um cartão bancário. O serviço foi restabelecido; tente novamente se sua tentativa falhou.</p>`,
      ru: `<p>В начале недели у некоторых аккаунтов, включая ваш, не получалось привязать банковскую карту. Сервис восстановлен; если попытка не удалась, повторите её.</p>`,
      spa: `<p>A principios de semana, algunas cuentas, incluida la suya, no podían vincular una tarjeta bancaria. El servicio está restablecido; vuelva a intentarlo si su intento falló.</p>`,
      th: `<p>ช่วงต้นสัปดาห์นี้ บางบัญชีรวมถึงบัญชีของคุณไม่สามารถผูกบัตรธนาคารได้ ขณะนี้บริการกลับมาใช้งานได้แล้ว หากก่อนหน้านี้ไม่สำเร็จ โปรดลองอีกครั้ง</p>`,
      vi: `<p>Đầu tuần này, một số tài khoản, trong đó có tài khoản của bạn, không thể liên kết thẻ ngân hàng. Dịch vụ đã được khôi phục; vui lòng thử lại nếu lần trước không thành công.</p>`,
      zh: `<p>本周早些时候，包括您在内的部分账户暂时无法绑定银行卡。服务现已恢复，如之前操作失败，请重试。</p>`,
    },
  },
  {
    key: 'coupon-expiring', category: 'activity', minutesAgo: 7 * D + 3 * H, read: false,
    title: {
      cht: '您的優惠券將於 3 天後到期', de: 'Ihr Gutschein läuft in 3 Tagen ab', en: 'Your coupon expires in 3 days',
      fr: 'Votre bon expire dans 3 jours', jp: 'クーポンの有効期限まであと 3 日', kor: '쿠폰이 3일 후 만료됩니다',
      pt: 'Seu cupom expira em 3 dias', ru: 'Срок действия купона истекает через 3 дня',
      spa: 'Su cupón caduca en 3 días', th: 'คูปองของคุณจะหมดอายุใน 3 วัน', vi: 'Phiếu giảm giá của bạn hết hạn sau 3 ngày', zh: '您的优惠券将于 3 天后到期',
    },
    content: {
      cht: `<p>您有一張優惠券將在 3 天後到期。前往<strong>優惠券</strong>在到期前使用。</p>`,
      de: `<p>Einer Ihrer Gutscheine läuft in 3 Tagen ab. Öffnen Sie <strong>Gutscheine</strong>, um ihn vorher zu nutzen.</p>`,
      en: `<p>One of your coupons expires in 3 days. Open <strong>Coupons</strong> to use it before then.</p>`,
      fr: `<p>L'un de vos bons expire dans 3 jours. Ouvrez <strong>Bons</strong> pour l'utiliser d'ici là.</p>`,
      jp: `<p>お持ちのクーポンのうち 1 枚が 3 日後に期限切れになります。<strong>クーポン</strong>を開いて期限内にご利用ください。</p>`,
      kor: `<p>보유한 쿠폰 중 하나가 3일 후 만료됩니다. <strong>쿠폰</strong>에서 그 전에 사용하세요.</p>`,
      pt: `<p>Um dos seus cupons expira em 3 dias. Abra <strong>Cupons</strong> para usá-lo antes disso.</p>`,
      ru: `<p>Один из ваших купонов истекает через 3 дня. Откройте раздел <strong>Купоны</strong>, чтобы успеть его использовать.</p>`,
      spa: `<p>Uno de sus cupones caduca en 3 días. Abra <strong>Cupones</strong> para usarlo antes.</p>`,
      th: `<p>คูปองใบหนึ่งของคุณจะหมดอายุใน 3 วัน เปิด<strong>คูปอง</strong>เพื่อใช้ก่อนหมดอายุ</p>`,
      vi: `<p>Một phiếu giảm giá của bạn sẽ hết hạn sau 3 ngày. Mở <strong>Phiếu giảm giá</strong> để dùng trước thời hạn.</p>`,
      zh: `<p>您有一张优惠券将在 3 天后到期。请前往<strong>优惠券</strong>在到期前使用。</p>`,
    },
  },
  {
    key: 'shop-opened', category: 'announcement', minutesAgo: 9 * D + 6 * H, read: true,
    title: {
      cht: '您的店鋪已開通', de: 'Ihr Shop ist eröffnet', en: 'Your shop is now open',
      fr: 'Votre boutique est ouverte', jp: '店舗が開設されました', kor: '매장이 개설되었습니다',
      pt: 'Sua loja está aberta', ru: 'Ваш магазин открыт',
      spa: 'Su tienda ya está abierta', th: 'ร้านของคุณเปิดแล้ว', vi: 'Cửa hàng của bạn đã mở', zh: '您的店铺已开通',
    },
    content: {
      cht: `<p>您的店鋪已開通，可以開始投放廣告計畫。建議先從小額計畫開始，了解商品的表現。</p>`,
      de: `<p>Ihr Shop ist eröffnet und kann Werbepläne einsetzen. Beginnen Sie mit einem kleinen Plan, um zu sehen, wie Ihre Produkte ankommen.</p>`,
      en: `<p>Your shop has been opened and can put ad plans. Start with a small plan to see how your products perform.</p>`,
      fr: `<p>Votre boutique est ouverte et peut lancer des plans publicitaires. Commencez par un petit plan pour voir comment vos produits se comportent.</p>`,
      jp: `<p>店舗が開設され、広告プランを出稿できるようになりました。まずは少額のプランで商品の反応を確かめてみましょう。</p>`,
      kor: `<p>매장이 개설되어 광고 플랜을 집행할 수 있습니다. 작은 플랜부터 시작해 상품 반응을 확인해 보세요.</p>`,
      pt: `<p>Sua loja foi aberta e já pode colocar planos de anúncios. Comece com um plano pequeno para ver como seus produtos se saem.</p>`,
      ru: `<p>Ваш магазин открыт и может запускать рекламные планы. Начните с небольшого плана, чтобы увидеть, как работают ваши товары.</p>`,
      spa: `<p>Su tienda está abierta y ya puede activar planes publicitarios. Empiece con un plan pequeño para ver cómo funcionan sus productos.</p>`,
      th: `<p>ร้านของคุณเปิดแล้วและลงแผนโฆษณาได้ทันที ลองเริ่มจากแผนเล็ก ๆ เพื่อดูว่าสินค้าของคุณได้รับความสนใจเพียงใด</p>`,
      vi: `<p>Cửa hàng của bạn đã mở và có thể chạy kế hoạch quảng cáo. Hãy bắt đầu với một kế hoạch nhỏ để xem sản phẩm của bạn hoạt động ra sao.</p>`,
      zh: `<p>您的店铺已开通，可以开始投放广告计划。建议先从小额计划开始，了解商品的表现。</p>`,
    },
  },
  {
    key: 'check-in-streak', category: 'activity', minutesAgo: 13 * D + 2 * H, read: true,
    title: {
      cht: '您已獲得簽到獎勵', de: 'Sie haben die Check-in-Prämie erhalten', en: 'You earned the check-in reward',
      fr: 'Vous avez gagné la récompense de présence', jp: 'チェックイン報酬を獲得しました', kor: '출석 보상을 받았습니다',
      pt: 'Você ganhou a recompensa de check-in', ru: 'Вы получили награду за отметки',
      spa: 'Ha ganado la recompensa de registro diario', th: 'คุณได้รับรางวัลเช็กอินแล้ว', vi: 'Bạn đã nhận thưởng điểm danh', zh: '您已获得签到奖励',
    },
    content: {
      cht: `<p>您已連續簽到 7 天。保持連續簽到，還有更多獎勵等著您。</p>`,
      de: `<p>Sie haben sich 7 Tage in Folge eingecheckt. Bleiben Sie dran, es warten weitere Prämien.</p>`,
      en: `<p>You checked in 7 days in a row. Keep your streak going for more rewards.</p>`,
      fr: `<p>Vous vous êtes présenté 7 jours d'affilée. Continuez votre série pour obtenir d'autres récompenses.</p>`,
      jp: `<p>7 日連続でチェックインしました。連続記録を続けて、さらに報酬を獲得しましょう。</p>`,
      kor: `<p>7일 연속 출석했습니다. 연속 출석을 이어 가면 더 많은 보상을 받을 수 있습니다.</p>`,
      pt: `<p>Você fez check-in 7 dias seguidos. Mantenha a sequência para ganhar mais recompensas.</p>`,
      ru: `<p>Вы отмечались 7 дней подряд. Продолжайте серию, чтобы получить больше наград.</p>`,
      spa: `<p>Se ha registrado 7 días seguidos. Mantenga la racha para conseguir más recompensas.</p>`,
      th: `<p>คุณเช็กอินติดต่อกัน 7 วันแล้ว เช็กอินต่อเนื่องเพื่อรับรางวัลเพิ่มเติม</p>`,
      vi: `<p>Bạn đã điểm danh 7 ngày liên tiếp. Hãy giữ chuỗi điểm danh để nhận thêm phần thưởng.</p>`,
      zh: `<p>您已连续签到 7 天。继续保持，更多奖励等着您。</p>`,
    },
  },
];

const at = (now: number, minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();

/** The messages to everyone, each added once per database (by its key). Inside the seed's transaction. */
export async function seedEveryoneNotifications(db: Db, now: string): Promise<void> {
  const t = Date.parse(now);
  for (const m of EVERYONE_MESSAGES) {
    await addNotification(db, { userId: null, category: m.category, title: m.title, content: m.content, createdAt: at(t, m.minutesAgo), seedKey: `everyone:${m.key}` });
  }
}

/**
 * One merchant's own messages (each once, by a key naming the merchant). When they are first added, what the seed
 * marks read is recorded as read, of these and of the messages to everyone, so the merchant's inbox starts with
 * both states; later runs change nothing (a message the merchant has read since stays read).
 */
export async function seedMerchantNotifications(db: Db, userId: number, now: string): Promise<void> {
  const t = Date.parse(now);
  let added = false;
  for (const m of MERCHANT_MESSAGES) {
    const id = await addNotification(db, { userId, category: m.category, title: m.title, content: m.content, createdAt: at(t, m.minutesAgo), seedKey: `user:${userId}:${m.key}` });
    if (id === null) continue;
    added = true;
    if (m.read) await recordRead(db, userId, id, at(t, Math.max(0, m.minutesAgo - 30)));
  }
  if (!added) return;
  for (const m of EVERYONE_MESSAGES) {
    if (!m.read) continue;
    const row = await notificationBySeedKey(db, `everyone:${m.key}`);
    if (row) await recordRead(db, userId, row.id, now);
  }
}
