import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ImageStore } from '../../modules/upload/image-store.js';
import type { DemoProduct } from './demo-catalogue.js';

/** A demo product and the URL of its picture. */
export interface DemoPicture {
  product: DemoProduct;
  image: string;
}

/** What draw-demo.ts sends back: each demo product with its picture, and the files they name. */
export interface DrawnDemo {
  pictures: DemoPicture[];
  files: { name: string; data: Uint8Array }[];
}

/**
 * Draws each demo product's picture at every served width (draw-demo.ts) and stores the files in
 * `store`; answers the products with their pictures, in DEMO_CATALOGUE's order. The drawing runs in a Node
 * process of its own: the drawings are ~100 MB once parsed, and the C library keeps the native
 * memory sharp's threads took (~100 MB) for as long as a process lives (bench/README.md, the
 * embedded database's memory).
 * @throws Error with the drawing process's errors when it fails.
 */
export async function drawDemoPictures(store: ImageStore): Promise<DemoPicture[]> {
  const { pictures, files } = await drawInOwnProcess(store.baseUrl);
  for (const { name, data } of files) await store.put(name, Buffer.from(data));
  return pictures;
}

function drawInOwnProcess(baseUrl: string): Promise<DrawnDemo> {
  // Built, this module is JavaScript and the drawing runs with the server's own flags; from the
  // sources (tests, `npm run dev`) it is TypeScript, which tsx runs.
  const fromSources = import.meta.url.endsWith('.ts');
  const child = fork(
    new URL(`./draw-demo.${fromSources ? 'ts' : 'js'}`, import.meta.url),
    [baseUrl],
    {
      execArgv: fromSources ? typeScriptFlags() : process.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  let drawn: DrawnDemo | undefined;
  child.once('message', (message) => (drawn = message as DrawnDemo));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0 && drawn) resolve(drawn);
      else reject(new Error(`drawing the demo catalogue failed (exit ${code}): ${errors}`));
    });
  });
}

/** Node's flags to run the sources: tsx's loader, and the workspaces' sources (@kirana/shared). */
function typeScriptFlags(): string[] {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, '--conditions=@kirana/source'];
}
