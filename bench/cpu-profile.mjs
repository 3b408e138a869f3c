// Reads a V8 CPU profile (`node --cpu-prof` writes one .cpuprofile on exit) and prints where the
// time went: the functions with the most self time, the most total time (each function counted
// once a sample however deep it recurs), and self time by package.
//   node bench/cpu-profile.mjs PROFILE.cpuprofile [--top 25] [--filter text]
// --filter keeps only the samples whose stack has a function or file containing the text.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, filter: { type: 'string' } },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/cpu-profile.mjs PROFILE.cpuprofile [--top 25] [--filter text]');
  process.exit(2);
}
const TOP = Number(values.top);
const profile = JSON.parse(await readFile(positionals[0], 'utf8'));

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Where a function lives: node_modules/<package>, node:internal, or the path under the repo. */
function place(url) {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 14).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return 'node';
  return url.replace(/^file:\/\//, '').replace(/^.*?\/(server|shared)\//, '$1/');
}
const keyOf = ({ callFrame: frame }) =>
  `${frame.functionName || '(anonymous)'} ${place(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;

const stackOf = (id) => {
  const stack = [];
  for (let at = id; at !== undefined; at = parentOf.get(at)) stack.push(byId.get(at));
  return stack;
};
const wanted = values.filter
  ? (stack) =>
      stack.some((node) =>
        `${node.callFrame.functionName} ${node.callFrame.url}`.includes(values.filter),
      )
  : () => true;

const self = new Map();
const total = new Map();
const packages = new Map();
let all = 0;
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
profile.samples.forEach((id, index) => {
  const ms = (profile.timeDeltas[index] ?? 0) / 1000;
  const stack = stackOf(id);
  if (!wanted(stack)) return;
  all += ms;
  const [leaf] = stack;
  add(self, keyOf(leaf), ms);
  add(packages, place(leaf.callFrame.url), ms);
  for (const key of new Set(stack.map(keyOf))) add(total, key, ms);
});

const idle = ['(idle) (native)', '(program) (native)', '(garbage collector) (native)'];
const busy = all - idle.slice(0, 1).reduce((sum, key) => sum + (self.get(key) ?? 0), 0);
console.log(
  `${(all / 1000).toFixed(1)} s sampled, ${(busy / 1000).toFixed(1)} s not idle` +
    (values.filter ? ` (stacks with "${values.filter}")` : ''),
);
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(
      `${ms.toFixed(0).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)} %  ${key}`,
    );
};
print('self time, by function', self);
print('self time, by package', packages);
print('total time, by function', total);
