// The ceiling for bench/catalogue-scale.mjs's search: bare node:http answering each search with
// the bytes the store answered it (status, headers and body, recorded once per URL, in the JSON
// file named by the first argument: `{ answers: { [url]: answer }, fallback: answer }`); a URL
// not recorded (a text asked once) gets `fallback`, a typo's answer. Listens on 127.0.0.1 at PORT.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const { answers, fallback } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const answer of [...Object.values(answers), fallback]) {
  answer.body = Buffer.from(answer.body, 'base64');
}

const server = createServer((request, response) => {
  const answer = answers[request.url] ?? fallback;
  response.writeHead(answer.status, answer.headers);
  response.end(answer.body);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
