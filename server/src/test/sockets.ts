import type { ClientToServerEvents, ServerToClientEvents } from '@kirana/shared';
import type { Socket } from 'socket.io-client';

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const WAIT_MS = 5000;

/** Connects `socket`; rejects with the server's refusal message. */
export function connect(socket: TestSocket): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
    socket.connect();
  });
}

/** Resolves with the reason once `socket` is disconnected. */
export function disconnection(socket: TestSocket): Promise<Socket.DisconnectReason> {
  return new Promise((resolve) => socket.once('disconnect', resolve));
}

export interface Heard {
  event: string;
  payload: unknown;
}

/** Everything a socket hears, from now on, with a way to wait for one particular event. */
export function listen(socket: TestSocket) {
  const heard: Heard[] = [];
  const waiting = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    heard.push({ event, payload });
    for (const check of waiting) check();
  });
  return {
    heard,
    /** Payloads of `event` heard so far that concern `id`. */
    about(id: string, event?: string): unknown[] {
      return heard
        .filter((each) => (!event || each.event === event) && idOf(each.payload) === id)
        .map((each) => each.payload);
    },
    /** The first `event` (heard already or still to come) whose payload matches. */
    waitFor<T = Record<string, unknown>>(
      event: string,
      match: (payload: T) => boolean = () => true,
    ): Promise<T> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = heard.find((each) => each.event === event && match(each.payload as T));
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found.payload as T);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no ${event} matching within ${WAIT_MS} ms; heard ${describe(heard)}`));
        }, WAIT_MS);
        waiting.add(check);
        check();
      });
    },
  };
}

const idOf = (payload: unknown) =>
  payload && typeof payload === 'object' && '_id' in payload ? payload._id : undefined;

const describe = (heard: Heard[]) =>
  heard.map((each) => `${each.event}(${String(idOf(each.payload) ?? '')})`).join(', ') || 'nothing';
