import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the server runs from there, as `npm run dev` would. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Variables `loadConfig` reads: the child gets none of the test runner's, only what a test passes. */
const CONFIG_VARIABLES = [
  'NODE_ENV',
  'PORT',
  'DATABASE_URL',
  'DATA_DIR',
  'REDIS_URL',
  'SELLER_EMAIL',
  'SELLER_PASSWORD',
  'SESSION_SECRET',
  'SEED_DEMO_DATA',
  'TRUST_PROXY',
  'LOG_LEVEL',
  'PUBLIC_URL',
  'PUBLIC_ORIGINS',
  'AGENT_LOGIN',
  'SIGN_UPS_PER_HOUR',
  'UPLOADS',
];

export interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  dataDir: string;
  /** Everything written so far. */
  stdout(): string;
  stderr(): string;
  /** The pino JSON lines written to stdout so far. */
  logs(): LogLine[];
  /** The first log line (already written or still to come) matching `match`; rejects if the process ends first. */
  waitForLog(match: (line: LogLine) => boolean): Promise<LogLine>;
  /** The first match of `pattern` in stdout (written already or still to come); rejects if the process ends first. */
  waitForOutput(pattern: RegExp): Promise<RegExpMatchArray>;
  /** The port from the 'Kirana is serving' line. */
  waitUntilServing(): Promise<number>;
  /** Resolves once the process has ended and its output is fully read. */
  exited: Promise<Exit>;
  /** Sends `signal` and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

const running = new Set<ServerProcess>();
const dataDirs = new Set<string>();

/** A fresh, empty data folder, removed by `cleanUpServerProcesses`. */
export async function makeDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kirana-proc-'));
  dataDirs.add(dir);
  return dir;
}

export interface SpawnOptions {
  dataDir?: string;
  /**
   * Its output a terminal, as when a person starts it (through util-linux's `script`, which
   * gives it a pseudo-terminal and relays what it writes); else a pipe, as a log collector.
   */
  terminal?: boolean;
}

/** `text` as one word for a POSIX shell. */
const shellWord = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * Spawns `server/src/main.ts` from source (tsx) with PORT=0 and a fresh DATA_DIR unless given.
 * An `env` value of `undefined` leaves that variable unset.
 */
export async function spawnServer(
  env: Record<string, string | undefined> = {},
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const merged = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !CONFIG_VARIABLES.includes(name)),
    ),
    PORT: '0',
    DATA_DIR: dataDir,
    // Every test signs its shoppers up from 127.0.0.1, and with REDIS_URL the counts outlive the run.
    SIGN_UPS_PER_HOUR: '1000000',
    ...env,
  };
  const childEnv = Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );

  const command = [
    process.execPath,
    '--conditions=@kirana/source',
    '--import',
    'tsx',
    'server/src/main.ts',
  ];
  const [program = '', ...args] = options.terminal
    ? [
        'script',
        '--quiet',
        '--flush',
        '--return',
        '--command',
        command.map(shellWord).join(' '),
        '/dev/null',
      ]
    : command;
  const child = spawn(program, args, {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let stdout = '';
  let stderr = '';
  const lines: LogLine[] = [];
  let partial = '';
  const watchers = new Set<() => void>();
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    stdout += chunk;
    partial += chunk;
    const complete = partial.split('\n');
    partial = complete.pop() ?? '';
    for (const text of complete) {
      try {
        lines.push(JSON.parse(text) as LogLine);
      } catch {
        // Not a log line (e.g. a warning printed by Node); kept in stdout() only.
      }
    }
    for (const watcher of watchers) watcher();
  });
  child.stderr.on('data', (chunk: string) => {
    stderr += chunk;
  });

  let ended = false;
  const exited = new Promise<Exit>((resolve) => {
    // 'close' rather than 'exit': it comes after stdout and stderr are fully read.
    child.once('close', (code, signal) => {
      ended = true;
      running.delete(server);
      for (const watcher of watchers) watcher();
      resolve({ code, signal });
    });
  });

  /** What `find` finds, as soon as it does; rejects if the process ends first. */
  const waitFor = <T>(find: () => T | undefined, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (found) {
          watchers.delete(check);
          resolve(found);
        } else if (ended) {
          watchers.delete(check);
          reject(
            new Error(
              `the server exited (code ${child.exitCode}) before ${what}\nstdout:\n${stdout}\nstderr:\n${stderr}`,
            ),
          );
        }
      };
      watchers.add(check);
      check();
    });

  const server: ServerProcess = {
    child,
    dataDir,
    stdout: () => stdout,
    stderr: () => stderr,
    logs: () => [...lines],
    waitForLog(match) {
      return waitFor(() => lines.find(match), 'the expected log line');
    },
    waitForOutput(pattern) {
      return waitFor(() => stdout.match(pattern) ?? undefined, `output matching ${pattern}`);
    },
    async waitUntilServing() {
      const line = await server.waitForLog((log) => !!log.msg?.startsWith('Kirana is serving'));
      if (typeof line.port !== 'number') throw new Error(`no port in ${JSON.stringify(line)}`);
      return line.port;
    },
    exited,
    async stop(signal = 'SIGTERM') {
      if (!ended) child.kill(signal);
      return exited;
    },
  };
  running.add(server);
  return server;
}

/**
 * Spawns the server and waits until it is ready (`/readyz` answers 200), not only listening: a
 * busy machine may take a while between the two. Returns the process and its port.
 */
export async function startServerProcess(
  env: Record<string, string | undefined> = {},
  options: { dataDir?: string } = {},
): Promise<{ server: ServerProcess; port: number }> {
  const server = await spawnServer(env, options);
  const port = await server.waitUntilServing();
  await waitUntilReady(server, port);
  return { server, port };
}

/** Asks `/readyz` every 100 ms until it answers 200; rejects if the process ends first. */
async function waitUntilReady(server: ServerProcess, port: number): Promise<void> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited before it was ready`);
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
    if (answer?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Kills every server a test left running and removes the data folders; for `afterEach`. */
export async function cleanUpServerProcesses(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
  await Promise.all(
    [...dataDirs].map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 3 })),
  );
  dataDirs.clear();
}
