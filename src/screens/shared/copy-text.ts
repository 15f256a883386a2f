/**
 * Copies text to the clipboard from a tap: the async Clipboard API where the page may use it, else the old
 * select-and-copy on a temporary textarea placed next to `near` (inside the widget's shadow root, so the host's
 * document is never touched). Resolves false when neither works (an iframe without clipboard-write, say), so
 * the screen can say the copy failed instead of pretending.
 */
export async function copyText(text: string, near: Element): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied (permissions policy, no user activation): try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;opacity:0;pointer-events:none;inset:0 auto auto 0;';
  (near.parentNode ?? near).appendChild(area);
  try {
    area.select();
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
