import type { WsServerMessage } from '@tradedesk/contracts';
import type { AuthContext } from '../auth/guard.js';
import { LatestPerChannelQueue } from './latest-queue.js';

/**
 * One message as sent: a JSON text, or its UTF-8 bytes. A broadcast is encoded to bytes once, so the socket
 * of each subscriber writes the same buffer instead of encoding the text again.
 */
export type WsFrame = string | Buffer;

/** Always a text frame, even when the frame is a buffer (browsers get a string, not a Blob). */
const TEXT = { binary: false } as const;

/** The part of a `ws` WebSocket the gateway uses; tests pass a fake to play a slow client. */
export interface GatewaySocket {
  readonly readyState: number;
  /** Bytes handed to `send` that have not reached the kernel yet. */
  readonly bufferedAmount: number;
  send(data: WsFrame, options: { binary: boolean }, cb?: (err?: Error) => void): void;
  close(code?: number, reason?: string): void;
  ping(): void;
  terminate(): void;
}

const OPEN = 1;

/** The TCP stream under a socket: corked while a burst of events is written, so they leave in one write. */
export interface CorkableStream {
  cork(): void;
  uncork(): void;
}

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
  private corked = false;
  private readonly afterSend = (err?: Error) => {
    if (!err) this.flush();
  };

  constructor(
    readonly socket: GatewaySocket,
    readonly auth: AuthContext,
    private readonly limits: ConnectionLimits,
    private readonly onOverflow: (connection: WsConnection) => void,
    /**
     * Given the TCP stream, events are written corked and `onCork` is told, so the gateway uncorks every
     * corked connection once the burst is over: the feed's twenty quotes of one tick cost one system call.
     */
    private readonly batching?: { stream: CorkableStream; onCork: (connection: WsConnection) => void },
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
  sendEvent(channel: string, frame: WsFrame): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.pending.size > 0 || this.socket.bufferedAmount > this.limits.slowThresholdBytes) {
      this.pending.put(channel, frame);
      return;
    }
    if (this.batching && !this.corked) {
      this.corked = true;
      this.batching.stream.cork();
      this.batching.onCork(this);
    }
    this.write(frame);
  }

  /** Ends a burst: the frames written since the cork go out. */
  uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    this.batching?.stream.uncork();
  }

  /** Sends `frame` now, ahead of anything queued (the last words before a forced close). */
  sendNow(frame: WsFrame): void {
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

  private write(frame: WsFrame): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.onOverflow(this);
      return;
    }
    this.socket.send(frame, TEXT, this.afterSend);
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
