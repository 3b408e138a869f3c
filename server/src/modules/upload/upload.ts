import { MAX_IMAGE_BYTES } from '@kirana/shared';
import multer from '@koa/multer';
import type Router from '@koa/router';
import { MulterError } from 'multer';
import type { Middleware, ParameterizedContext } from 'koa';
import { requireSession } from '../session/auth.js';
import { AppError } from '../../lib/errors.js';
import { loadSharp } from './images.js';
import type { AppContext, AppState } from '../../lib/context.js';

/** A few kilobytes of PNG can claim 16000 × 16000 pixels; decoding that would take gigabytes. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Formats accepted from the seller, judged by the bytes, never by the file name or type. */
const ACCEPTED = new Map([
  ['jpeg', 'JPEG'],
  ['png', 'PNG'],
  ['webp', 'WebP'],
  ['heif', 'AVIF'],
]);

/** The parsers {@link imageUpload} made: the routes holding one are the ones that take uploads. */
const uploadParsers = new WeakSet<Middleware<AppState, AppContext>>();

/** Whether the route of `routers` that answers `method` `path` reads a multipart upload. */
export function routeTakesUpload(
  routers: readonly Router<AppState, AppContext>[],
  method: string,
  path: string,
): boolean {
  return routers.some((router) =>
    router
      .match(path, method)
      .pathAndMethod.some((layer) =>
        layer.stack.some((middleware) => uploadParsers.has(middleware as Middleware)),
      ),
  );
}

/**
 * Parses a multipart body holding at most `maxFiles` files in `field`, each at most
 * {@link MAX_IMAGE_BYTES}, in memory; limit breaches become 400 / 413 answers.
 */
export function imageUpload(field: string, maxFiles: number): Middleware<AppState, AppContext> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: MAX_IMAGE_BYTES, files: maxFiles, fields: 10, fieldSize: 100 * 1024 },
  }).array(field, maxFiles);
  return uploadParser(parse, (error) => uploadError(error, field, maxFiles));
}

/**
 * Parses a multipart body of one file in each of `fields` (read as `ctx.request.files[name]`),
 * each at most `maxBytes`, in memory; limit breaches become 400 / 413 answers.
 */
export function filesUpload(
  fields: readonly string[],
  maxBytes: number,
): Middleware<AppState, AppContext> {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: fields.length, fields: 10, fieldSize: 100 * 1024 },
  }).fields(fields.map((name) => ({ name, maxCount: 1 })));
  return uploadParser(parse, (error) => {
    if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE') {
      return new AppError('TOO_LARGE', `Each file must be at most ${maxBytes / 1024 / 1024} MB`);
    }
    if (error instanceof MulterError && /^LIMIT_(FILE_COUNT|UNEXPECTED_FILE)$/.test(error.code)) {
      return new AppError('INVALID', `Send one file in each of: ${fields.join(', ')}`);
    }
    return uploadError(error, fields.join(', '), fields.length);
  });
}

function uploadParser(
  parse: Middleware<AppState, AppContext>,
  refusal: (error: unknown) => AppError,
): Middleware<AppState, AppContext> {
  const upload: Middleware<AppState, AppContext> = async (ctx, next) => {
    try {
      await parse(ctx, async () => {});
    } catch (error) {
      throw refusal(error);
    }
    await next();
  };
  uploadParsers.add(upload);
  return upload;
}

/**
 * The seller's multipart form: signed in as the seller first (nobody else's upload is read at
 * all), then at most `maxFiles` pictures in `field`; `data` reads its JSON text field.
 */
export function sellerImageUpload(field: string, maxFiles: number) {
  const signedIn: Middleware<AppState, AppContext> = async (ctx, next) => {
    await requireSession(ctx, 'seller');
    await next();
  };
  return {
    middleware: [signedIn, imageUpload(field, maxFiles)],
    /** The form's field `name` as sent (JSON text, for the contract's schema to parse). */
    field: (ctx: ParameterizedContext<AppState, AppContext>, name: string): unknown =>
      (ctx.request.body as Record<string, unknown> | undefined)?.[name],
    files: (ctx: ParameterizedContext<AppState, AppContext>) =>
      Array.isArray(ctx.request.files) ? ctx.request.files : [],
  };
}

function uploadError(error: unknown, field: string, maxFiles: number): AppError {
  // busboy's own failures (no boundary, a cut-off body) are plain Errors.
  if (!(error instanceof MulterError))
    return new AppError('INVALID', 'Upload could not be read: the multipart body is malformed');
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return new AppError(
        'TOO_LARGE',
        `Each image must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`,
      );
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return new AppError('INVALID', `${field}: at most ${maxFiles} images, sent as "${field}"`);
    default:
      return new AppError('INVALID', `Upload refused: ${error.message}`);
  }
}

/**
 * Checks that `data` is a picture in an accepted format (AVIF only among HEIF files).
 * @throws AppError INVALID naming the file when it is not.
 */
export async function assertImage(data: Buffer, name: string): Promise<void> {
  // sharp throws at once, not in its promise, on an empty buffer.
  if (data.length === 0) throw new AppError('INVALID', `images: ${name} is an empty file`);
  const sharp = await loadSharp();
  const metadata = await sharp(data)
    .metadata()
    .catch(() => undefined);
  const format = metadata?.format;
  const accepted =
    format && ACCEPTED.has(format) && (format !== 'heif' || metadata.compression === 'av1');
  if (!accepted) {
    throw new AppError('INVALID', `images: ${name} is not a JPEG, PNG, WebP or AVIF picture`);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw new AppError('INVALID', `images: ${name} is larger than 40 megapixels`);
  }
}
