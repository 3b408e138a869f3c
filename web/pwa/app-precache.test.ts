import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { AGENT_PRECACHE, agentPrecache } from './agent-precache.ts';
import { precacheList } from './app-precache.ts';
import { SELLER_PRECACHE, sellerPrecache } from './seller-precache.ts';

interface Made {
  name?: string;
  entry?: boolean;
  facade?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/** A built chunk as generateBundle sees it, with only what the plugin reads. */
const chunk = (fileName: string, made: Made): Rolldown.OutputChunk =>
  ({
    type: 'chunk',
    fileName,
    name: made.name ?? fileName,
    isEntry: made.entry ?? false,
    facadeModuleId: made.facade ? `/repo/web/src/${made.facade}` : null,
    imports: made.imports ?? [],
    dynamicImports: made.dynamicImports ?? [],
    viteMetadata: {
      importedCss: new Set(made.css ?? []),
      importedAssets: new Set(made.assets ?? []),
    },
  }) as unknown as Rolldown.OutputChunk;

/**
 * The build's shape in small: index.html's entry (storefront and seller area) and agents.html's,
 * lazy screens of each app, and chunks they share.
 */
function aBuild(): Rolldown.OutputBundle {
  const chunks = [
    chunk('assets/main.js', {
      name: 'main',
      entry: true,
      facade: 'main.tsx',
      imports: ['assets/server-rendered-styles.js'],
      dynamicImports: ['assets/start.js'],
      css: ['assets/main.css'],
    }),
    // Named after a storefront module, but loaded by the entry itself: the page needs it.
    chunk('assets/server-rendered-styles.js', {
      facade: 'apps/storefront/server-rendered-styles.ts',
    }),
    chunk('assets/start.js', {
      facade: 'app/start.tsx',
      imports: ['assets/query.js', 'assets/router.js'],
      dynamicImports: ['assets/routes.js', 'assets/home-page.js', 'assets/toaster.js'],
    }),
    chunk('assets/query.js', {}),
    chunk('assets/router.js', {}),
    chunk('assets/toaster.js', { facade: 'app/toaster.tsx', css: ['assets/toaster.css'] }),
    chunk('assets/routes.js', {
      facade: 'apps/seller/routes.tsx',
      dynamicImports: ['assets/seller-layout.js', 'assets/counter-page.js'],
    }),
    chunk('assets/seller-layout.js', { facade: 'apps/seller/layout/seller-layout.tsx' }),
    chunk('assets/counter-page.js', {
      facade: 'apps/seller/screens/counter-page.tsx',
      imports: ['assets/money.js'],
      css: ['assets/counter-page.css'],
      assets: ['assets/noto-sans.woff2'],
    }),
    chunk('assets/money.js', {}),
    chunk('assets/home-page.js', {
      facade: 'apps/storefront/screens/home-page.tsx',
      imports: ['assets/load-boundary.js', 'assets/money.js'],
      css: ['assets/home-page.css'],
    }),
    chunk('assets/load-boundary.js', {}),
    chunk('assets/agents.js', {
      name: 'agents',
      entry: true,
      facade: 'agent-main.tsx',
      imports: ['assets/query.js'],
      dynamicImports: ['assets/agent-shell.js', 'assets/toaster.js', 'assets/counter-page.js'],
      css: ['assets/agents.css'],
    }),
    chunk('assets/agent-shell.js', {
      facade: 'apps/agents/layout/agent-shell.tsx',
      imports: ['assets/money.js'],
    }),
  ];
  const bundle: Record<string, Rolldown.OutputChunk | Rolldown.OutputAsset> = {
    'assets/main.css': { type: 'asset', fileName: 'assets/main.css' } as Rolldown.OutputAsset,
  };
  for (const made of chunks) bundle[made.fileName] = made;
  return bundle as Rolldown.OutputBundle;
}

const listed = (list: ReturnType<typeof precacheList>) => {
  if (typeof list === 'string') throw new Error(list);
  return list.urls;
};

describe('the precache lists of the service workers', () => {
  it('the seller area’s: its shell, the main entry and every chunk the seller area loads, lazy ones and their styles and fonts included, no storefront screen, nothing of the agents’', () => {
    expect(listed(precacheList(SELLER_PRECACHE, aBuild()))).toEqual([
      '/seller',
      '/favicon.svg',
      '/assets/counter-page.css',
      '/assets/counter-page.js',
      '/assets/main.css',
      '/assets/main.js',
      '/assets/money.js',
      '/assets/noto-sans.woff2',
      '/assets/query.js',
      '/assets/router.js',
      '/assets/routes.js',
      '/assets/seller-layout.js',
      '/assets/server-rendered-styles.js',
      '/assets/start.js',
      '/assets/toaster.css',
      '/assets/toaster.js',
    ]);
  });

  it('the agent app’s: its shell and PWA files, the agents’ entry and its lazy chunks, never a chunk of the seller’s or the storefront’s screens', () => {
    expect(listed(precacheList(AGENT_PRECACHE, aBuild()))).toEqual([
      '/agents',
      '/agent-app/manifest.webmanifest',
      '/agent-app/icon-192.png',
      '/agent-app/icon-512.png',
      '/favicon.svg',
      '/assets/agent-shell.js',
      '/assets/agents.css',
      '/assets/agents.js',
      '/assets/money.js',
      '/assets/query.js',
      '/assets/toaster.css',
      '/assets/toaster.js',
    ]);
  });

  it('names its cache by a version that changes whenever the list does', () => {
    const version = (bundle: Rolldown.OutputBundle) => {
      const list = precacheList(SELLER_PRECACHE, bundle);
      if (typeof list === 'string') throw new Error(list);
      return list.version;
    };
    const rebuilt = aBuild();
    (rebuilt['assets/counter-page.js'] as Rolldown.OutputChunk).fileName = 'assets/counter-2.js';
    rebuilt['assets/counter-2.js'] = rebuilt['assets/counter-page.js']!;
    (rebuilt['assets/routes.js'] as Rolldown.OutputChunk).dynamicImports = [
      'assets/seller-layout.js',
      'assets/counter-2.js',
    ];

    expect(version(aBuild())).toMatch(/^[0-9a-z]+$/);
    expect(version(aBuild())).toBe(version(aBuild()));
    expect(version(rebuilt)).not.toBe(version(aBuild()));
  });

  it('writes each list as the script its worker imports, setting the worker’s global', () => {
    for (const [plugin, fileName, global] of [
      [sellerPrecache(), 'seller-sw-precache.js', 'KIRANA_SELLER_PRECACHE'],
      [agentPrecache(), 'agents-sw-precache.js', 'KIRANA_AGENT_PRECACHE'],
    ] as const) {
      const emitted: { fileName: string; source: string }[] = [];
      const generate = plugin.generateBundle as (
        this: object,
        options: object,
        bundle: Rolldown.OutputBundle,
      ) => void;
      generate.call(
        { emitFile: (file: { fileName: string; source: string }) => emitted.push(file) },
        {},
        aBuild(),
      );
      expect(emitted.map((file) => file.fileName)).toEqual([fileName]);
      const scope: Record<string, unknown> = {};
      new Function('self', emitted[0]!.source)(scope);
      const app = global === 'KIRANA_SELLER_PRECACHE' ? SELLER_PRECACHE : AGENT_PRECACHE;
      expect(scope[global]).toEqual(precacheList(app, aBuild()));
    }
  });

  it('fails the build when the page’s entry is not in it', () => {
    const build = aBuild();
    delete (build as Record<string, unknown>)['assets/main.js'];
    expect(precacheList(SELLER_PRECACHE, build)).toBe('precache: no entry chunk named "main"');
    const plugin = sellerPrecache();
    const generate = plugin.generateBundle as (
      this: object,
      options: object,
      bundle: Rolldown.OutputBundle,
    ) => void;
    expect(() =>
      generate.call(
        {
          error: (message: string) => {
            throw new Error(message);
          },
        },
        {},
        build,
      ),
    ).toThrow('precache: no entry chunk named "main"');
  });
});
