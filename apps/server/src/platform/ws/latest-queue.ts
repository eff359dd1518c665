import type { WsFrame } from './ws-connection.js';

/**
 * What a slow WebSocket client has not been sent yet: at most one frame per channel, the latest.
 * A quote that was overtaken by a newer one is worth nothing to the client, so it is replaced rather
 * than queued; memory per connection is then bounded by the number of channels, not by the rate.
 */
export class LatestPerChannelQueue {
  private readonly frames = new Map<string, WsFrame>();

  constructor(private readonly maxChannels: number) {
    if (!Number.isInteger(maxChannels) || maxChannels < 1) throw new Error('maxChannels must be a positive integer');
  }

  get size(): number {
    return this.frames.size;
  }

  /**
   * Keeps `frame` as the one to send for `channel`, replacing an older one. Re-inserting moves the
   * channel to the back, so delivery order follows recency. Returns the channel whose frame was
   * dropped to stay within the bound, if any.
   */
  put(channel: string, frame: WsFrame): string | undefined {
    let dropped: string | undefined;
    if (this.frames.has(channel)) {
      this.frames.delete(channel);
    } else if (this.frames.size >= this.maxChannels) {
      const oldest = this.frames.keys().next();
      if (!oldest.done) {
        this.frames.delete(oldest.value);
        dropped = oldest.value;
      }
    }
    this.frames.set(channel, frame);
    return dropped;
  }

  /** Removes and returns the oldest entry. */
  shift(): { channel: string; frame: WsFrame } | undefined {
    const first = this.frames.entries().next();
    if (first.done) return undefined;
    const [channel, frame] = first.value;
    this.frames.delete(channel);
    return { channel, frame };
  }

  delete(channel: string): void {
    this.frames.delete(channel);
  }

  clear(): void {
    this.frames.clear();
  }
}
