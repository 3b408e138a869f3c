import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../../lib/context.js';
import { isImageName } from '../../lib/image-name.js';
import type { ImageStore } from './image-store.js';

/**
 * Uploaded images, from whichever store holds them: names never change content, so browsers may
 * keep them for a year. A name that is no image name, or that the store lacks, goes on (404).
 */
export function serveUploads(store: ImageStore): Middleware<AppState, AppContext> {
  const prefix = `${store.baseUrl}/`;
  return async (ctx, next) => {
    if (!ctx.path.startsWith(prefix) || !['GET', 'HEAD'].includes(ctx.method)) return next();
    const name = decodePath(ctx.path.slice(prefix.length));
    if (name === undefined || !isImageName(name) || !(await store.send(ctx, name))) return next();
  };
}

function decodePath(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
