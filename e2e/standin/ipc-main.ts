import type { IpcMainInvokeEvent } from 'electron';
import type { AppError, Envelope } from '../../shared/ipc/errors.ts';

/**
 * ipcMain.handle (lib/browser/ipc-main-impl.ts) and the dispatch of an invoke
 * (lib/browser/ipc-dispatch.ts): the handler for the channel answers; a throw, or an answer that
 * cannot be structured-cloned, goes back as error.toString() after a console.error; no handler
 * answers "No handler registered for '<channel>'".
 *
 * The test seam lives here too, in the stand-in's pipe and not in the app: `calls` lists every
 * channel invoked, and `failNext` answers the next call of a channel with an error envelope
 * instead of letting it reach main.
 */

type InvokeHandler = (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown;
export type InvokeReply = { result: unknown } | { error: string };

export type IpcControl = {
  failNext(channel: string, error: AppError): void;
  /** Every channel the renderer invoked, in order. */
  readonly calls: readonly string[];
};

export class StandinIpcMain {
  private readonly handlers = new Map<string, InvokeHandler>();
  private readonly failures = new Map<string, AppError>();
  private readonly invoked: string[] = [];

  readonly control: IpcControl = {
    failNext: (channel, error) => void this.failures.set(channel, error),
    calls: this.invoked,
  };

  handle(channel: string, handler: InvokeHandler): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    if (typeof handler !== 'function') throw new TypeError(`Expected handler to be a function, but found type '${typeof handler}'`);
    this.handlers.set(channel, handler);
  }

  handleOnce(channel: string, handler: InvokeHandler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel);
      return handler(event, ...args);
    });
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel);
  }

  on(channel: string): never {
    throw new Error(`The Electron stand-in models ipcMain.handle only, not ipcMain.on('${channel}')`);
  }

  async invoke(event: IpcMainInvokeEvent, channel: string, args: unknown[]): Promise<InvokeReply> {
    this.invoked.push(channel);
    const failure = this.failures.get(channel);
    if (failure) {
      this.failures.delete(channel);
      return { result: { ok: false, error: failure } satisfies Envelope<never> };
    }
    const handler = this.handlers.get(channel);
    try {
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return { result: structuredClone(await handler(event, ...args)) };
    } catch (error) {
      console.error(`Error occurred in handler for '${channel}':`, error);
      return { error: String(error) };
    }
  }
}
