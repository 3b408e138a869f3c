import type { Plugin, Rolldown } from 'vite';

/** What one app's service worker precaches: which page's files, and where the list goes. */
export interface AppPrecache {
  /** The plugin's name, e.g. 'kirana-agent-precache'. */
  name: string;
  /** The page's entry chunk, as named in vite.config.ts (build.rollupOptions.input). */
  entry: string;
  /** Modules of the apps this one never shows: their lazy chunks are left out. */
  otherApps: RegExp;
  /** URLs listed before the built files: the shell page and the files in public/ it uses. */
  shellUrls: readonly string[];
  /** The file written into the build, which the worker loads with importScripts. */
  fileName: string;
  /** The global the file sets on the worker's scope, e.g. KIRANA_AGENT_PRECACHE. */
  global: string;
}

/** The list a worker precaches, and the version naming its cache. */
export interface PrecacheList {
  version: string;
  urls: string[];
}

/**
 * Writes `fileName` into the build: what an app's service worker caches at install, and a
 * version naming its cache. The files are the page's entry and everything it loads, static or
 * lazy, but never a lazy chunk of another app's screens (`otherApps`). A chunk imported
 * statically is always kept, whichever module it is named after: the page does not start
 * without it.
 */
export function appPrecache(app: AppPrecache): Plugin {
  return {
    name: app.name,
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const list = precacheList(app, bundle);
      if (typeof list === 'string') this.error(list);
      this.emitFile({
        type: 'asset',
        fileName: app.fileName,
        source: `// Written by web/pwa/app-precache.ts at build time.\nself.${app.global} = ${JSON.stringify(list, null, 2)};\n`,
      });
    },
  };
}

/**
 * The precache list of `app` in `bundle` (the build's output, as generateBundle gets it), or
 * the words of why there is none (no entry chunk of that name).
 */
export function precacheList(
  app: Pick<AppPrecache, 'entry' | 'otherApps' | 'shellUrls'>,
  bundle: Rolldown.OutputBundle,
): PrecacheList | string {
  const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === app.entry);
  if (!entry) return `precache: no entry chunk named "${app.entry}"`;

  const files = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    const { importedCss = [], importedAssets = [] } = chunk.viteMetadata ?? {};
    for (const file of [...importedCss, ...importedAssets]) files.add(file);
    for (const imported of chunk.imports) {
      const next = byFile.get(imported);
      if (next) visit(next);
    }
    for (const imported of chunk.dynamicImports) {
      const next = byFile.get(imported);
      if (next && !app.otherApps.test(next.facadeModuleId ?? '')) visit(next);
    }
  };
  visit(entry);

  const urls = [...app.shellUrls, ...[...files].sort().map((file) => `/${file}`)];
  return { version: hash(urls.join('\n')), urls };
}

/** A short FNV-1a hash: names the cache, and changes whenever the list does. */
function hash(text: string): string {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return (value >>> 0).toString(36);
}
