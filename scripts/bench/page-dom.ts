/**
 * The few DOM parts that the benchmarks' in-page code uses, typed by hand: scripts are checked
 * without the DOM library (as e2e/harness/page-globals.ts explains). Types only: functions handed
 * to the page cannot capture imports, so they cast globalThis to this.
 */

export type PageElement = {
  disabled?: boolean;
  childElementCount: number;
  textContent: string | null;
  checkVisibility(): boolean;
  getAttribute(name: string): string | null;
};

export type PageDom = {
  document: {
    getElementById(id: string): PageElement | null;
    querySelector(selector: string): PageElement | null;
    querySelectorAll(selector: string): { length: number };
    getElementsByTagName(name: string): { length: number };
    addEventListener(type: string, listener: () => void, capture?: boolean): void;
  };
  performance: { now(): number };
  requestAnimationFrame(callback: () => void): number;
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, boolean>): void; disconnect(): void };
  MessageChannel: new () => { port1: { onmessage: (() => void) | null }; port2: { postMessage(message: unknown): void } };
};
