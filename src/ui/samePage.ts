/** Navigation state of an address change that is not a new page (the menu's filter in the URL): the scroll stays. */
export const SAME_PAGE = { keepScroll: true } as const;

export const isSamePage = (state: unknown) => (state as Partial<typeof SAME_PAGE> | null)?.keepScroll === true;
