import type { WsServerMessage } from '@tradedesk/contracts';
import type { AuthContext } from '../auth/guard.js';
import { LatestPerChannelQueue } from './latest-queue.js';

/** The part of a `ws` WebSocket the gateway uses; tests pass a fake to play a slow client. */
export interface GatewaySocket {
  readonly readyState: number;
  /** Bytes handed to `send` that have not reached the kernel yet. */
  readonly bufferedAmount: number;
  send(data: string, cb?: (err?: Error) => void): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

const OPEN = 1;

export type ConnectionLimits = {
  /** Over this many buffered bytes the client counts as slow: events wait, latest per channel. */
  slowThresholdBytes: number;
  /** A client that lets this much pile up (control answers it never reads) is cut off. */
  maxBufferedBytes: number;
  /** Bound of the latest-per-channel queue (the subscription limit, plus `user`). */
  maxQueuedChannels: number;
};

/** One authenticated socket: what it is subscribed to and what it has not been sent yet. */
export class WsConnection {
  /** Client channel name -> bus channel name (`user` -> `user:<id>`). */
  readonly subscriptions = new Map<string, string>();
  /** Cleared by the heartbeat, set again by a pong. */
  alive = true;
  closed = false;
  private readonly pending: LatestPerChannelQueue;
  private readonly afterSend = (err?: Error) => {
    if (!err) this.flush();
  };

  constructor(
    readonly socket: GatewaySocket,
    readonly auth: AuthContext,
    private readonly limits: ConnectionLimits,
    private readonly onOverflow: (connection: WsConnection) => void,
  ) {
    this.pending = new LatestPerChannelQueue(limits.maxQueuedChannels);
  }

  get userId(): string {
    return this.auth.userId;
  }

  get sessionId(): string {
    return this.auth.sessionId;
  }

  get queuedChannels(): number {
    return this.pending.size;
  }

  /** Answers and errors: small, rare, and their order matters, so they skip the latest-wins queue. */
  sendControl(message: WsServerMessage): void {
    this.write(JSON.stringify(message));
  }

  /**
   * An event frame serialised once for all subscribers. While the client is slow it waits in the
   * queue, where a newer frame of the same channel replaces it.
   */
  sendEvent(channel: string, frame: string): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.pending.size > 0 || this.socket.bufferedAmount > this.limits.slowThresholdBytes) {
      this.pending.put(channel, frame);
      return;
    }
    this.write(frame);
  }

  /** Sends `frame` now, ahead of anything queued (the last words before a forced close). */
  sendNow(frame: string): void {
    this.write(frame);
  }

  /** Forgets a queued frame of a channel the client left. */
  dropQueued(channel: string): void {
    this.pending.delete(channel);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.pending.clear();
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.closed = true;
    this.pending.clear();
    this.socket.terminate();
  }

  private write(frame: string): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.onOverflow(this);
      return;
    }
    this.socket.send(frame, this.afterSend);
  }

  /** Called as each write reaches the kernel: sends queued frames while the client keeps up. */
  private flush(): void {
    while (this.pending.size > 0 && !this.closed && this.socket.readyState === OPEN) {
      if (this.socket.bufferedAmount > this.limits.slowThresholdBytes) return;
      const next = this.pending.shift();
      if (!next) return;
      this.write(next.frame);
    }
  }
}
