import { createSocket, type Socket } from 'node:dgram';
import { isIP } from 'node:net';
import { SentralError } from '../../shared/errors/sentral-error.js';

/** A UDP socket bound for one RTP leg; `release` closes it and returns the port pair to the pool. */
export interface RtpPort {
  readonly socket: Socket;
  readonly port: number;
  release(): void;
}

/**
 * The node's RTP ports: a pair per leg (RTP on the even port; the odd one beside it is kept free for
 * RTCP) taken from `[first, last]`. A port another program holds is skipped. Port 0 as `first` binds
 * wherever the system chooses (tests, and nodes that do not care).
 */
export class RtpPortPool {
  private readonly used = new Set<number>();
  private next: number;

  constructor(
    private readonly address: string,
    private readonly first: number,
    private readonly last: number,
  ) {
    this.next = first + (first % 2);
  }

  /** Ports in use now. */
  get inUse(): number {
    return this.used.size;
  }

  /** Binds a socket on a free even port; `media_capacity_exhausted` when the range is full. */
  async take(): Promise<RtpPort> {
    if (this.first === 0) return this.bind(0);
    const pairs = Math.floor((this.last - this.first + 1) / 2);
    for (let tries = 0; tries < pairs; tries++) {
      const port = this.next;
      this.next = port + 2 > this.last - 1 ? this.first + (this.first % 2) : port + 2;
      if (this.used.has(port)) continue;
      this.used.add(port);
      try {
        return await this.bind(port);
      } catch {
        this.used.delete(port);
      }
    }
    throw new SentralError('media_capacity_exhausted', { message: 'No RTP port is free on this media node.', retryAfterSeconds: 1 });
  }

  private bind(port: number): Promise<RtpPort> {
    const socket = createSocket({ type: isIP(this.address) === 6 ? 'udp6' : 'udp4' });
    return new Promise((resolve, reject) => {
      const onError = (err: Error): void => {
        socket.close();
        reject(err);
      };
      socket.once('error', onError);
      socket.bind(port, this.address, () => {
        socket.off('error', onError);
        const bound = socket.address().port;
        let released = false;
        resolve({
          socket,
          port: bound,
          release: () => {
            if (released) return;
            released = true;
            socket.close();
            if (port !== 0) this.used.delete(port);
          },
        });
      });
    });
  }
}
