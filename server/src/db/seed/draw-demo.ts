// The demo catalogue's pictures, drawn in a Node process of its own that demo-pictures.ts starts:
// every product's at each served width, sent back to it as WebP with the URLs they make.
import { categoryByPath } from '@kirana/shared';
import type { ImageStore } from '../../modules/upload/image-store.js';
import { storeImage } from '../../modules/upload/images.js';
import { DEMO_CATALOGUE } from './demo-catalogue.js';
import type { DrawnDemo } from './demo-pictures.js';
import { loadIconTiles } from './icons.js';

/** Keeps what storeImage stores, to be sent to the process that asked for the drawing. */
class PicturesInMemory implements ImageStore {
  readonly files = new Map<string, Buffer>();

  constructor(readonly baseUrl: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    this.files.set(name, data);
  }

  async has(name: string): Promise<boolean> {
    return this.files.has(name);
  }

  async remove(name: string): Promise<void> {
    this.files.delete(name);
  }

  async send(): Promise<boolean> {
    return false;
  }
}

const store = new PicturesInMemory(process.argv[2] ?? '');
const draw = await loadIconTiles();
const pictures = await Promise.all(
  DEMO_CATALOGUE.map(async (product) => {
    const background = categoryByPath(product.category)?.bgColor ?? '#ffffff';
    const svg = draw(product.icon, background, 800);
    return { product, image: await storeImage(store, `demo/${slug(product.name)}`, svg) };
  }),
);
const drawn: DrawnDemo = {
  pictures,
  files: [...store.files].map(([name, data]) => ({ name, data })),
};
process.send?.(drawn, () => process.disconnect());

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
