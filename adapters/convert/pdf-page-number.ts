/** A lone page number: `12`, `– 12 –`, `Page 3 of 9`, `iv`. Its own module, so that the furniture rules can share it without importing pdf-layout. */
export const PAGE_NUMBER =
  /^(page\s+)?(\d{1,4}|[ivxlc]{1,6})(\s+(of|\/)\s+\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$/i;
