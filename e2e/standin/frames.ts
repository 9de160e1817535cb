import type { Frame } from '@playwright/test';
import { fromPageUrl } from './urls.ts';

/**
 * WebFrameMain as main reads it (docs/api/web-frame-main.md): url, parent, top, processId,
 * routingId. One object per Chromium frame, so identity holds across reads. A window's frames
 * share its renderer process id (one process per window: the stand-in models no site isolation);
 * the main frame has routing id 1, subframes the next free numbers.
 */
export class StandinFrame {
  readonly processId: number;
  readonly routingId: number;
  private readonly frame: Frame;
  private readonly frames: Frames;

  constructor(frame: Frame, frames: Frames, processId: number, routingId: number) {
    this.frame = frame;
    this.frames = frames;
    this.processId = processId;
    this.routingId = routingId;
  }

  /** The URL as main would see it: app://renderer/... for the app's own pages (urls.ts). */
  get url(): string {
    return fromPageUrl(this.frame.url());
  }

  get origin(): string {
    const url = new URL(this.url);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : `${url.protocol}//${url.host}`;
  }

  get name(): string {
    return this.frame.name();
  }

  get parent(): StandinFrame | null {
    const parent = this.frame.parentFrame();
    return parent ? this.frames.of(parent) : null;
  }

  get top(): StandinFrame {
    return this.parent?.top ?? this;
  }

  get frameTreeNodeId(): number {
    return this.routingId;
  }

  get detached(): boolean {
    return this.frame.isDetached();
  }

  isDestroyed(): boolean {
    return this.frame.isDetached();
  }
}

export class Frames {
  private readonly known = new WeakMap<Frame, StandinFrame>();
  private nextRoutingId = 2;

  readonly processId: number;

  constructor(processId: number) {
    this.processId = processId;
  }

  of(frame: Frame): StandinFrame {
    let known = this.known.get(frame);
    if (!known) {
      known = new StandinFrame(frame, this, this.processId, frame.parentFrame() ? this.nextRoutingId++ : 1);
      this.known.set(frame, known);
    }
    return known;
  }
}
