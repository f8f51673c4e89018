import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

type Slot = { element: HTMLElement | null; attach: (element: HTMLElement | null) => void };
const HeaderSlotContext = createContext<Slot>({ element: null, attach: () => {} });

/**
 * A place in the header a page fills with its own content (the cassa's counters): the header stays in
 * the main chunk, and what fills it stays in the page's chunk.
 */
export function HeaderSlotProvider({ children }: { children: ReactNode }) {
  const [element, attach] = useState<HTMLElement | null>(null);
  return <HeaderSlotContext.Provider value={{ element, attach }}>{children}</HeaderSlotContext.Provider>;
}

/** The header's placeholder element. */
export function HeaderSlot({ className }: { className?: string }) {
  return <div className={className} ref={useContext(HeaderSlotContext).attach} />;
}

/** Renders `children` into the header's slot while the page is on screen. */
export function InHeader({ children }: { children: ReactNode }) {
  const { element } = useContext(HeaderSlotContext);
  return element ? createPortal(children, element) : null;
}
