import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The sheet's action row, below its scrolling middle: undefined outside a popup, null until the row is in the DOM.
 */
export const FooterSlot = createContext<HTMLElement | null | undefined>(undefined);

/**
 * A sheet's actions (Confirm, Submit): drawn in the popup's footer, which stays in sight under the scrolling middle
 * as the title and close do above it. Outside a popup, the children render where they stand. A submit button here
 * is outside its form in the DOM: give it `form={formId}`.
 */
export function PopupFooter({ children }: { children?: ReactNode }) {
  const slot = useContext(FooterSlot);
  if (slot === undefined) return <>{children}</>;
  return slot ? createPortal(children, slot) : null;
}
