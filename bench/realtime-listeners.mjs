// One of bench/realtime.mjs's listener processes: holds a share of the agent sockets, so that no
// single client event loop, busy taking thousands of frames, adds its own delay to the server's.
// Started with fork(); talks over IPC:
//   { connect: [{ url, cookie?, instance }] } → { connected: count } or { failed: message }
//   { arm: round }                             → { armed: round }, then once every socket heard
//     `order:created` (or ROUND_TIMEOUT_MS passed): { round, arrivals: [[instance, at]], missed,
//     cpu } (`cpu`: the ms of CPU this process spent meanwhile, taking the events)
//   { disconnect: true }                       → exits
// `at` is process.hrtime in milliseconds: CLOCK_MONOTONIC on Linux, one clock for every process
// of the machine, so the parent compares it with its own HTTP answer's time.
import { io } from 'socket.io-client';

const ROUND_TIMEOUT_MS = 10_000;
const now = () => Number(process.hrtime.bigint()) / 1e6;

/** @type {{ socket: import('socket.io-client').Socket, instance: number }[]} */
let sockets = [];

/** Connects each of `specs`, 50 at a time (a burst of thousands of handshakes is refused). */
async function connect(specs) {
  for (let index = 0; index < specs.length; index += 50) {
    const batch = specs.slice(index, index + 50).map(({ url, cookie, instance }) => {
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: cookie ? { cookie } : {},
      });
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve({ socket, instance }));
        socket.once('connect_error', reject);
      });
    });
    sockets.push(...(await Promise.all(batch)));
  }
}

function arm(round) {
  const arrivals = [];
  const cpu = process.cpuUsage();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    for (const { socket } of sockets) socket.off('order:created');
    const { user, system } = process.cpuUsage(cpu);
    process.send({
      round,
      arrivals,
      missed: sockets.length - arrivals.length,
      cpu: (user + system) / 1000,
    });
  };
  const timer = setTimeout(finish, ROUND_TIMEOUT_MS);
  for (const { socket, instance } of sockets) {
    socket.once('order:created', () => {
      arrivals.push([instance, now()]);
      if (arrivals.length === sockets.length) finish();
    });
  }
  process.send({ armed: round });
}

process.on('message', (message) => {
  if (message.connect) {
    connect(message.connect).then(
      () => process.send({ connected: sockets.length }),
      (error) => process.send({ failed: error.message }),
    );
  } else if (message.arm !== undefined) {
    arm(message.arm);
  } else if (message.disconnect) {
    process.disconnect();
  }
});
// Told to, or the bench ended (or failed): its sockets go with it.
process.on('disconnect', () => {
  for (const { socket } of sockets) socket.disconnect();
  sockets = [];
});
