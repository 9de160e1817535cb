/**
 * The page's globals as seen from test code, which is type-checked without the DOM library
 * (tsconfig.node.json). Only types: functions passed to page.evaluate cannot capture imports.
 */
export type PageGlobals = {
  merchantConsole?: { invoke(channel: string, payload: unknown): Promise<unknown> };
  getComputedStyle(element: unknown): { outlineStyle: string; outlineWidth: string };
  require?: unknown;
};
