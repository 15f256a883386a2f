/** A phone (docs/product.md, "Layout constants") is a touch screen at most 768 px wide, or a mobile user agent. */
export function isMobileDevice(win: Window): boolean {
  const touch = 'ontouchstart' in win || (win.navigator.maxTouchPoints ?? 0) > 0;
  if (win.innerWidth <= 768 && touch) return true;
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|Windows Phone/i.test(win.navigator.userAgent);
}
