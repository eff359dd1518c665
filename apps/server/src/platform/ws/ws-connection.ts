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
  /**
   * Writes bytes after those already handed to it. Given (the real TCP socket), a burst's event frames are
   * framed once per broadcast and written here together, in one write, instead of one `ws` send each.
   */
  write?(chunk: Buffer, cb: (err?: Error | null) => void): boolean;
}

/**
 * An unmasked, final WebSocket text frame holding `payload` (RFC 6455, section 5.2: a server never masks),
 * the bytes `ws` would write for it, built once for every subscriber of a broadcast.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) frame[1] = length;
  else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** An event broadcast to many sockets: its JSON bytes, and the same as a whole WebSocket frame. */
export type EventFrame = { payload: Buffer; framed: Buffer };

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
  /** Whole frames of the current burst, written together when it ends (direct writes only). */
  private readonly burst: Buffer[] = [];
  private burstBytes = 0;
  private readonly afterSend = (err?: Error | null) => {
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
   * An event frame serialised once for all subscribers (with its WebSocket framing when the caller built it
   * once too). While the client is slow it waits in the queue, where a newer frame of the same channel replaces
   * it.
   */
  sendEvent(channel: string, frame: WsFrame | EventFrame): void {
    if (this.closed || this.socket.readyState !== OPEN) return;
    const payload = typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : frame.payload;
    if (this.pending.size > 0 || this.bufferedAmount() > this.limits.slowThresholdBytes) {
      this.pending.put(channel, payload);
      return;
    }
    const batching = this.batching;
    if (batching?.stream.write) {
      // The burst's frames are kept and leave in one write when it ends (uncork).
      const framed =
        typeof frame === 'string'
          ? textFrame(Buffer.from(frame))
          : Buffer.isBuffer(frame)
            ? textFrame(frame)
            : frame.framed;
      if (this.burst.length === 0 && !this.corked) {
        this.corked = true;
        batching.onCork(this);
      }
      this.burst.push(framed);
      this.burstBytes += framed.length;
      return;
    }
    if (batching && !this.corked) {
      this.corked = true;
      batching.stream.cork();
      batching.onCork(this);
    }
    this.write(payload);
  }

  /** Ends a burst: the frames written since the cork go out. */
  uncork(): void {
    if (!this.corked) return;
    this.corked = false;
    if (this.batching?.stream.write) this.writeBurst();
    else this.batching?.stream.uncork();
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
    // the events of the current burst were sent before the close: they leave ahead of the close frame
    this.writeBurst();
    this.closed = true;
    this.pending.clear();
    this.socket.close(code, reason);
  }

  terminate(): void {
    this.closed = true;
    this.pending.clear();
    this.burst.length = 0;
    this.burstBytes = 0;
    this.socket.terminate();
  }

  /** What the socket holds that has not reached the kernel, with the frames of the burst not written yet. */
  private bufferedAmount(): number {
    return this.socket.bufferedAmount + this.burstBytes;
  }

  /** Writes the burst's frames in one write; the socket's own writes (control answers, pings) go after them. */
  private writeBurst(): void {
    const frames = this.burst;
    if (frames.length === 0) return;
    const bytes = frames.length === 1 ? frames[0]! : Buffer.concat(frames, this.burstBytes);
    frames.length = 0;
    this.burstBytes = 0;
    if (this.closed || this.socket.readyState !== OPEN) return;
    this.batching!.stream.write!(bytes, this.afterSend);
  }

  private write(frame: WsFrame): void {
    // in the order they were sent: the frames of the burst so far, then this one
    this.writeBurst();
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
