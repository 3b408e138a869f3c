// The documents in docs/ are the ones comments cite (docs/README.md#citing-these-pages): every
// `docs/<file>.md#<section>` a file of the repository names must be there, every link of the
// README and of docs/ must lead somewhere, and no file may send its reader to a document outside
// the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '..');

/** The repository's files, as git tracks them (docs/ included once added). */
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: REPO,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && existsSync(path.join(REPO, file)));

const SOURCES = /\.(ts|tsx|js|mjs|cts|css|html|yml|json|sh)$|(^|\/)run$/;
const sources = files.filter(
  (file) =>
    SOURCES.test(file) && !file.endsWith('package-lock.json') && file !== 'scripts/docs.test.mjs',
);
const documents = files.filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file));
const read = (file) => readFileSync(path.join(REPO, file), 'utf8');

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

/** The anchors of the headings of document `file`. */
function anchorsOf(file) {
  return new Set(
    read(file)
      .split('\n')
      .flatMap((line) => {
        const heading = /^#{1,6} (.+)$/.exec(line);
        return heading ? [anchorOf(heading[1])] : [];
      }),
  );
}

/** What is wrong with a reference to `target` (a path from the repository's root) and `anchor`. */
function brokenReference(target, anchor) {
  if (!existsSync(path.join(REPO, target))) return `${target} does not exist`;
  if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor))
    return `${target} has no section #${anchor}`;
  return null;
}

describe('the documents comments cite', () => {
  test('docs/ exists, and the README links its index', () => {
    expect(documents).toContain('docs/README.md');
    expect(read('README.md')).toContain('](docs/README.md)');
  });

  test('every docs/<file>.md#<section> a file names is there', () => {
    const broken = sources.flatMap((file) =>
      [...read(file).matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)].flatMap(([, name, anchor]) => {
        const problem = brokenReference(`docs/${name}`, anchor);
        return problem ? [`${file}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  test('no file cites a document outside the repository', () => {
    const outside = /\b(design|conventions|spec)\.md\b|\(design: |\.\.\/shared\/\w+\.md/;
    const citing = sources.filter((file) => outside.test(read(file)));
    expect(citing).toEqual([]);
  });

  test('every link of the README and of docs/ leads to a file and section that exist', () => {
    const broken = documents.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)#\s]*)(?:#([^)\s]+))?\)/g)].flatMap(([, link, anchor]) => {
        if (/^[a-z]+:/.test(link)) return [];
        const target = link === '' ? file : path.posix.join(path.posix.dirname(file), link);
        const problem = brokenReference(target, anchor);
        return problem ? [`${file}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  test('every file the README and docs/ name as a `path` of the repository is there', () => {
    const missing = documents.flatMap((file) =>
      [
        ...read(file).matchAll(
          /`((?:server|web|shared|desktop|e2e|bench|scripts)\/[\w./-]+\.\w+)`/g,
        ),
      ]
        .map(([, named]) => named)
        .filter((named) => !existsSync(path.join(REPO, named)))
        .map((named) => `${file}: ${named}`),
    );
    expect(missing).toEqual([]);
  });
});
