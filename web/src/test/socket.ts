type Listener = (...payload: unknown[]) => void;

/**
 * socket.io-client's socket as the live feed uses it, driven by the test instead of a server.
 * Like the real one it starts connecting at once, and stops trying (`active` false) after the
 * server refused or disconnected it, until `connect()` is called.
 */
export class FakeSocket {
  active = true;
  connected = false;
  /** How often the client asked it to connect again. */
  connectCalls = 0;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    readonly namespace: string,
    readonly options: Record<string, unknown>,
  ) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  off(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    this.active = true;
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    this.active = false;
    this.connected = false;
    return this;
  }

  /** The server accepted the socket (again). */
  accept(): void {
    this.connected = true;
    this.fire('connect');
  }

  /** The server refused the socket, e.g. with no live session. */
  refuse(message: string): void {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  /** The connection dropped; 'io server disconnect' is the server ending it on purpose. */
  drop(reason: 'transport close' | 'io server disconnect'): void {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  /** An event from the server. */
  fire(event: string, ...payload: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...payload);
  }
}

/** Every socket opened since the test module loaded, newest last. */
export const openedSockets: FakeSocket[] = [];

/** The newest socket opened. */
export function lastSocket(): FakeSocket {
  const socket = openedSockets.at(-1);
  if (!socket) throw new Error('no socket has been opened');
  return socket;
}

/**
 * Stands in for the module:
 * `vi.mock('socket.io-client', async () => (await import('./socket')).fakeSocketIo)`.
 */
export const fakeSocketIo = {
  io: (namespace: string, options: Record<string, unknown>) => {
    const socket = new FakeSocket(namespace, options);
    openedSockets.push(socket);
    return socket;
  },
};

/**
 * Resolves once the work already under way has settled, such as the refetch that each connect
 * runs: the tests' mocked APIs answer at once, and a timer fires only after all of it.
 */
export function settled(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
