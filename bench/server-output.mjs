// Reading what a server process started by a benchmark prints: one JSON object a line (pino).

/** Calls `listener` with each line of `stream` that is a JSON object; other lines are skipped. */
export function onJsonLines(stream, listener) {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop();
    for (const line of lines) {
      const parsed = parseJson(line);
      if (parsed) listener(parsed);
    }
  });
}

function parseJson(line) {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}
