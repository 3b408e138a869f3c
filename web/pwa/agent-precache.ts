import type { Plugin } from 'vite';

/**
 * Writes `agents-sw-precache.js` into the build: what the agent app's service worker
 * (public/agents-sw.js) caches at install, and a version naming its cache. The files are the
 * agents' page's entry and everything it loads, static or lazy (e.g. the toaster), but never a
 * chunk of the storefront's or the seller's screens.
 *
 * The icons in public/agent-app were rendered once with sharp from Fluent Emoji's motor scooter
 * (@iconify-json/fluent-emoji) on the brand green, with the glyph inside the maskable safe zone.
 */
export function agentPrecache(): Plugin {
  return {
    name: 'kirana-agent-precache',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === AGENT_ENTRY);
      if (!entry) this.error(`agent precache: no entry chunk named "${AGENT_ENTRY}"`);

      const files = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = byFile.get(fileName);
        if (!chunk || files.has(chunk.fileName)) return;
        if (OTHER_APPS.test(chunk.facadeModuleId ?? '')) return;
        files.add(chunk.fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of [...chunk.imports, ...chunk.dynamicImports]) visit(imported);
      };
      visit(entry.fileName);

      const urls = [...SHELL_URLS, ...[...files].sort().map((file) => `/${file}`)];
      const list = { version: hash(urls.join('\n')), urls };
      this.emitFile({
        type: 'asset',
        fileName: 'agents-sw-precache.js',
        source: `// Written by web/pwa/agent-precache.ts at build time.\nself.KIRANA_AGENT_PRECACHE = ${JSON.stringify(list, null, 2)};\n`,
      });
    },
  };
}

/** The agents' page's entry, as named in vite.config.ts (build.rollupOptions.input). */
const AGENT_ENTRY = 'agents';
/** Modules of the other two apps: the agent app never needs them offline. */
const OTHER_APPS = /\/src\/apps\/(storefront|seller)\//;
/** The shell page (the server answers every /agents URL with agents.html) and the PWA files. */
const SHELL_URLS = [
  '/agents',
  '/agent-app/manifest.webmanifest',
  '/agent-app/icon-192.png',
  '/agent-app/icon-512.png',
  '/favicon.svg',
];

/** A short FNV-1a hash: names the cache, and changes whenever the list does. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36);
}
