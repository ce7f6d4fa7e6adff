/** Page sizes offered in the shop and the admin lists. */
export const PAGE_SIZES = [25, 50, 100] as const;

export const DEFAULT_PAGE_SIZE = 50;

export const MAX_PAGE_SIZE = 100;
