/**
 * The row's icons as inline SVG: emoji depend on the till's fonts (Debian's Chromium draws 🖨 and 🛵
 * as empty boxes), these draw the same everywhere, in the text's colour.
 */
const PATHS: Record<'online' | 'phone' | 'external' | 'print' | 'warning', string> = {
  online:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.4 3.8 5.4 3.8 9s-1.3 6.6-3.8 9m0-18C9.5 5.4 8.2 8.4 8.2 12s1.3 6.6 3.8 9M3.5 9h17M3.5 15h17',
  phone: 'M6.6 3.5h2.6l1.4 4.2-2 1.4a11 11 0 0 0 6.3 6.3l1.4-2 4.2 1.4v2.6a2 2 0 0 1-2.2 2A16.5 16.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2Z',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  print: 'M7 9V3h10v6M7 17H4v-7a1 1 0 0 1 1-1h14a1 1 0 0 1 1 1v7h-3M7 14h10v7H7Z',
  warning: 'M12 3 2 20h20L12 3Zm0 6v5m0 3v.5',
};

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg className="cassa-icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The order's source (1 online, 2 cassa, 3 an external platform) as its icon. */
export const SOURCE_ICONS = { 1: 'online', 2: 'phone', 3: 'external' } as const;
