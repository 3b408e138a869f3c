import { StringDecoder } from 'node:string_decoder';

/** A restore refused before anything was written, with the reason for the operator. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** One statement of a dump, without its semicolon, and the line where it starts (from 1). */
export interface DumpStatement {
  text: string;
  line: number;
}

/**
 * An INSERT longer than this is read in parts of its rows, each an INSERT of its own: with
 * UPLOADS=database a row of `stored_images` holds a picture, and pg_dump's 500 rows of them can
 * be hundreds of megabytes.
 */
const SPLIT_CHARS = 1_000_000;

/**
 * The longest statement read: with INSERTs cut between rows (SPLIT_CHARS), a megabyte and one
 * row. The largest row of a dump of ours is a picture of `stored_images`: a WebP of at most 800
 * pixels (upload/images.ts), a megabyte at worst (noise with transparency), 2 MB as hex. A
 * longer one is no dump of ours, and is refused before it fills the memory.
 */
export const MAX_STATEMENT_CHARS = 32 * 1024 * 1024;

/**
 * How much SQL goes to the database in one go: PostgreSQL parses all the statements of a query
 * before it runs the first, so a whole dump at once would hold a year of rows as parse trees.
 */
const BATCH_CHARS = 1_000_000;

/**
 * Plays a plain SQL dump (pg_dump's, with INSERT statements) into an empty database: its
 * leading settings one by one, skipping a setting the target does not have (a dump of a newer
 * PostgreSQL sets `transaction_timeout`, unknown before 17), then everything else in one
 * transaction, so that a dump that fails half-way (or fails `check`) leaves the database as
 * empty as it was. The statements are read as they are played: the dump is never whole in
 * memory.
 */
export async function restoreSql(
  statements: AsyncIterable<DumpStatement>,
  run: (statement: string) => Promise<unknown>,
  /** Runs in the transaction before it commits: what it throws undoes the restore. */
  check: () => Promise<void> = async () => {},
): Promise<void> {
  const iterator = statements[Symbol.asyncIterator]();
  let next = await iterator.next();
  for (; !next.done && SETTING.test(next.value.text); next = await iterator.next()) {
    try {
      await run(next.value.text);
    } catch (error) {
      if (!isUnknownSetting(error)) throw error;
    }
  }
  await run('begin');
  try {
    let batch: string[] = [];
    let chars = 0;
    for (; !next.done; next = await iterator.next()) {
      const { text } = next.value;
      if (chars > 0 && chars + text.length > BATCH_CHARS) {
        await run(joined(batch));
        batch = [];
        chars = 0;
      }
      batch.push(text);
      chars += text.length;
    }
    if (batch.length > 0) await run(joined(batch));
    await check();
    await run('commit');
  } catch (error) {
    await iterator.return?.();
    await run('rollback');
    throw error;
  }
}

/**
 * Statements as one query, each semicolon on a line of its own: a statement may end in a `--`
 * comment (its last line's newline trimmed), which would otherwise take the semicolon in.
 */
const joined = (batch: string[]) => `${batch.join('\n;\n')}\n;`;

const SETTING = /^(SET [a-z_]+ = [^;\n]*|SELECT pg_catalog\.set_config\([^;\n]*\))$/;

/**
 * The statements of a dump read from `source` (its bytes, UTF-8), each as soon as it is whole:
 * split at each semicolon outside a string, a quoted name, a comment or a dollar-quoted body,
 * as PostgreSQL reads them. What comes before a statement's first SQL goes: pg_dump's comments,
 * and the two psql commands with which pg_dump since 15.14 (16.10, 17.6) guards its output
 * (`\restrict KEY` after the header, `\unrestrict KEY` at the end), which are not SQL. An
 * INSERT of over a megabyte is given in parts between its rows, each an INSERT of the same head
 * (SPLIT_CHARS), so that 500 rows of pictures are never one string. A row's text is never
 * touched.
 * @throws RestoreRefusedError for any other psql command (`\!` runs a program in psql), and for
 *   a statement longer than MAX_STATEMENT_CHARS.
 */
export async function* dumpStatements(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
): AsyncGenerator<DumpStatement> {
  const decoder = new StringDecoder('utf8');
  const scanner = new StatementScanner();
  for await (const chunk of source)
    yield* scanner.feed(typeof chunk === 'string' ? chunk : decoder.write(chunk), false);
  yield* scanner.feed(decoder.end(), true);
}

type State =
  'code' | 'string' | 'escapeString' | 'name' | 'lineComment' | 'blockComment' | 'dollar';

/** A character that may continue a name: a `$` or a `'` right after one starts nothing. */
const NAME_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const PARTIAL_DOLLAR_TAG = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?$/;
const GUARD = /^\\(un)?restrict [A-Za-z0-9]+\s*$/;
const WHITESPACE = /\s/;
/** What starts or ends something within a statement; any other character is read past. */
const SPECIAL = `;'"-/$\n`;
const SPECIAL_AHEAD = /[;'"\-/$\n]/g;
/** pg_dump's INSERT of several rows, each on a line of its own after a tab. */
const INSERT_HEAD = /^INSERT INTO [^\s;]+ VALUES\n/;

class StatementScanner {
  /** The text not given out yet: from the current statement's start, or from where the scan is. */
  private text = '';
  private pos = 0;
  private state: State = 'code';
  private depth = 0;
  private tag = '';
  /** Where the current statement starts in `text`, once it has some SQL; else -1. */
  private start = -1;
  private startLine = 0;
  private line = 1;
  /** The INSERT's head, when the current statement is a part of its rows after the first. */
  private head = '';

  *feed(chunk: string, end: boolean): Generator<DumpStatement> {
    this.text += chunk;
    const text = this.text;
    // A quote's or a comment's second character may come with the next chunk.
    const limit = end ? text.length : text.length - 1;
    while (this.pos < limit) {
      const statement = this.step(text, end);
      if (statement === 'wait') break;
      if (statement) yield statement;
    }
    const from = this.start === -1 ? this.pos : this.start;
    this.text = text.slice(from);
    this.pos -= from;
    if (this.start !== -1) this.start = 0;
    if (this.text.length > MAX_STATEMENT_CHARS)
      throw new RestoreRefusedError(
        `line ${this.startLine}: a statement longer than ${MAX_STATEMENT_CHARS / 1024 / 1024} MB is not part of a backup`,
      );
    if (!end) return;
    if (this.state !== 'code' && this.state !== 'lineComment')
      throw new RestoreRefusedError(
        `line ${this.startLine}: the dump ends inside a statement (a string, a name or a comment left open): not a whole backup`,
      );
    if (this.start !== -1) yield { text: (this.head + this.text).trim(), line: this.startLine };
  }

  /** Reads on from `pos`: a statement once one ends, 'wait' for more text. */
  private step(text: string, end: boolean): DumpStatement | 'wait' | undefined {
    const ch = text.charAt(this.pos);
    const after = text[this.pos + 1];
    switch (this.state) {
      case 'code':
        return this.code(text, ch, after, end);
      case 'string':
      case 'name': {
        const quote = this.state === 'string' ? "'" : '"';
        const at = text.indexOf(quote, this.pos);
        if (at === -1) return this.advance(text, text.length);
        // Whether it is doubled (kept) or closes: the next chunk says.
        if (at + 1 >= text.length && !end) return this.advance(text, at) ?? 'wait';
        if (text[at + 1] === quote) return this.advance(text, at + 2);
        this.state = 'code';
        return this.advance(text, at + 1);
      }
      case 'escapeString':
        if (ch === '\\') return this.advance(text, this.pos + 2);
        if (ch === "'") {
          if (after === "'") return this.advance(text, this.pos + 2);
          this.state = 'code';
        }
        return this.advance(text, this.pos + 1);
      case 'lineComment': {
        const newline = text.indexOf('\n', this.pos);
        if (newline === -1) return this.advance(text, text.length);
        this.state = 'code';
        return this.advance(text, newline + 1);
      }
      case 'blockComment':
        if (ch === '*' && after === '/') {
          if (--this.depth === 0) this.state = 'code';
          return this.advance(text, this.pos + 2);
        }
        if (ch === '/' && after === '*') {
          this.depth++;
          return this.advance(text, this.pos + 2);
        }
        return this.advance(text, this.pos + 1);
      case 'dollar': {
        const at = text.indexOf(this.tag, this.pos);
        if (at !== -1) {
          this.state = 'code';
          return this.advance(text, at + this.tag.length);
        }
        // The closing tag may be cut by the chunk's end.
        if (end) return this.advance(text, text.length);
        return this.advance(text, Math.max(this.pos, text.length - this.tag.length)) ?? 'wait';
      }
    }
  }

  private code(text: string, ch: string, after: string | undefined, end: boolean) {
    if (ch === ';') {
      this.advance(text, this.pos + 1);
      if (this.start === -1) return undefined;
      const statement = {
        text: (this.head + text.slice(this.start, this.pos - 1)).trim(),
        line: this.startLine,
      };
      this.start = -1;
      this.head = '';
      return statement;
    }
    if (ch === '\n' && after === '\t' && this.start !== -1 && this.pos - this.start > SPLIT_CHARS)
      return this.splitRows(text);
    if (ch === '-' && after === '-') {
      this.state = 'lineComment';
      return this.advance(text, this.pos + 2);
    }
    if (ch === '/' && after === '*') {
      this.state = 'blockComment';
      this.depth = 1;
      return this.advance(text, this.pos + 2);
    }
    if (WHITESPACE.test(ch)) return this.advance(text, this.pos + 1);
    if (this.start !== -1 && !SPECIAL.includes(ch)) {
      // Within a statement, on to the next character that may start or end something.
      SPECIAL_AHEAD.lastIndex = this.pos;
      const next = SPECIAL_AHEAD.exec(text);
      return this.advance(text, next ? next.index : text.length);
    }
    if (ch === '\\' && this.start === -1) {
      const newline = text.indexOf('\n', this.pos);
      if (newline === -1 && !end) return 'wait';
      const command = text.slice(this.pos, newline === -1 ? text.length : newline);
      if (!GUARD.test(command))
        throw new RestoreRefusedError(
          `line ${this.line}: the psql command ${command.slice(0, 40)} is not part of a backup`,
        );
      return this.advance(text, this.pos + command.length);
    }
    if (this.start === -1) {
      this.start = this.pos;
      this.startLine = this.line;
    }
    const previous = this.pos > 0 ? text.charAt(this.pos - 1) : ' ';
    if (ch === "'") {
      const escapes =
        (previous === 'E' || previous === 'e') &&
        !NAME_CHAR.test(this.pos > 1 ? text.charAt(this.pos - 2) : ' ');
      this.state = escapes ? 'escapeString' : 'string';
    } else if (ch === '"') this.state = 'name';
    else if (ch === '$' && !NAME_CHAR.test(previous)) {
      DOLLAR_TAG.lastIndex = this.pos;
      const tag = DOLLAR_TAG.exec(text);
      if (tag) {
        this.state = 'dollar';
        this.tag = tag[0];
        return this.advance(text, this.pos + tag[0].length);
      }
      if (!end && PARTIAL_DOLLAR_TAG.test(text.slice(this.pos))) return 'wait';
    }
    return this.advance(text, this.pos + 1);
  }

  /**
   * At a newline of a long statement: when it ends a row of an INSERT (`),` then a newline and
   * a tab, outside any string), the rows so far as a statement, and the rest an INSERT of the
   * same head. Else on past the newline.
   */
  private splitRows(text: string): DumpStatement | undefined {
    const head = this.head || INSERT_HEAD.exec(text.slice(this.start, this.start + 1000))?.[0];
    if (!head || text.charAt(this.pos - 1) !== ',' || text.charAt(this.pos - 2) !== ')')
      return this.advance(text, this.pos + 1);
    const statement = {
      text: (this.head + text.slice(this.start, this.pos - 1)).trim(),
      line: this.startLine,
    };
    this.advance(text, this.pos + 1);
    this.head = head;
    this.start = this.pos;
    this.startLine = this.line;
    return statement;
  }

  /** Moves the scan to `to`, counting the lines passed. */
  private advance(text: string, to: number): undefined {
    for (
      let at = text.indexOf('\n', this.pos);
      at !== -1 && at < to;
      at = text.indexOf('\n', at + 1)
    )
      this.line++;
    this.pos = to;
    return undefined;
  }
}

/** PostgreSQL's "unrecognized configuration parameter" (SQLSTATE 42704). */
const isUnknownSetting = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { code?: string }).code === '42704' &&
  /configuration parameter/.test(String((error as { message?: string }).message));
