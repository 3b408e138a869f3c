// The ceiling for bench/catalogue.mjs: bare node:http answering every request with the bytes
// the store answered (headers and body, recorded once per variant, in the JSON file named by the
// first argument), choosing the variant with the least work that still looks at the request:
// If-None-Match → 304, else br, gzip or identity by Accept-Encoding. Listens on 127.0.0.1 at PORT.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const variants = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const variant of Object.values(variants)) variant.body = Buffer.from(variant.body, 'base64');
const { etag } = variants.identity.headers;

const server = createServer((request, response) => {
  const acceptEncoding = request.headers['accept-encoding'] ?? '';
  const variant =
    request.headers['if-none-match'] === etag
      ? variants.notModified
      : acceptEncoding.includes('br')
        ? variants.br
        : acceptEncoding.includes('gzip')
          ? variants.gzip
          : variants.identity;
  response.writeHead(variant.status, variant.headers);
  response.end(variant.body);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
