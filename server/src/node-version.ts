/** The oldest Node.js the store runs on: the root package.json's `engines` (its test holds them together). */
export const OLDEST_NODE = '22.22.0';

/**
 * One line saying what to do when `version` (process.versions.node) is older than OLDEST_NODE,
 * or null when it will do.
 */
export function oldNodeAdvice(version: string): string | null {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  const [oldestMajor = 0, oldestMinor = 0, oldestPatch = 0] = OLDEST_NODE.split('.').map(Number);
  const old =
    major !== oldestMajor
      ? major < oldestMajor
      : minor !== oldestMinor
        ? minor < oldestMinor
        : patch < oldestPatch;
  if (!old) return null;
  return `Kirana needs Node.js ${OLDEST_NODE} or newer, and this is ${version}: start it with \`npm start\`, which fetches Node 24 once, or install Node.js 24 LTS (https://nodejs.org).`;
}
