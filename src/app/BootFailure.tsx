import type { Language } from '../api/languages';

/**
 * The only words the bundle carries itself: what to say when no language file could be fetched (offline, or a
 * host's wrong localesBase), when there is nothing else to word it with. Each in its own language.
 */
export const BOOT_FAILURE_TEXT: Record<Language, [message: string, retry: string]> = {
  cht: ['無法載入，請檢查網路連線。', '重試'],
  de: ['Laden fehlgeschlagen. Bitte prüfen Sie die Verbindung.', 'Erneut versuchen'],
  en: ['Could not load. Please check your connection.', 'Try again'],
  fr: ['Chargement impossible. Vérifiez votre connexion.', 'Réessayer'],
  jp: ['読み込めませんでした。接続を確認してください。', '再試行'],
  kor: ['불러오지 못했습니다. 연결을 확인해 주세요.', '다시 시도'],
  pt: ['Não foi possível carregar. Verifique sua conexão.', 'Tentar novamente'],
  ru: ['Не удалось загрузить. Проверьте подключение.', 'Повторить'],
  spa: ['No se pudo cargar. Comprueba tu conexión.', 'Reintentar'],
  th: ['โหลดไม่สำเร็จ โปรดตรวจสอบการเชื่อมต่อ', 'ลองอีกครั้ง'],
  vi: ['Không tải được. Vui lòng kiểm tra kết nối.', 'Thử lại'],
  zh: ['加载失败，请检查网络连接。', '重试'],
};

/** Shown instead of the app when no language file loads (its words from the table above); Retry starts the app again. */
export function BootFailure({
  text: [message, retry],
  onRetry,
}: {
  text: [message: string, retry: string];
  onRetry: () => void;
}) {
  return (
    <div className="ma-boot-failure" role="alert">
      <p>{message}</p>
      <button type="button" className="ma-button ma-button--primary ma-button--normal" onClick={onRetry}>
        {retry}
      </button>
    </div>
  );
}
