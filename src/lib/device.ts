/** A phone (docs/product.md, "Layout constants") is a touch screen at most 768 px wide, or a mobile user agent. */
export function isMobileDevice(win: Window): boolean {
  const touch = 'ontouchstart' in win || (win.navigator.maxTouchPoints ?? 0) > 0;
  if (win.innerWidth <= 768 && touch) return true;
  // iPhone, iPod and Windows Phone browsers and web views all say "Mobile"; iPad and Android tablets may not.
  return /Mobile|Android|iPad|HarmonyOS/i.test(win.navigator.userAgent);
}
