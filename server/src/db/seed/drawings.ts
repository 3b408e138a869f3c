/**
 * Drawings of the kirana's staples that Fluent Emoji has none of (dal, atta, oil, curd, paneer,
 * pav…), in its style: SVG bodies on the same 32 × 32 grid, soft gradients, no text. Each grain
 * is placed by a seeded generator, so a drawing is the same bytes at every seeding.
 */

type Grain = 'lentil' | 'rice' | 'crystal' | 'powder' | 'sev';

/** What a heap in a steel katori is made of: its colour, and the grain's shape and size. */
interface Heap {
  grain: Grain;
  colour: string;
  size?: number;
}

/** A PET bottle of a drink or an oil: the liquid, its cap and label, and the label's emblem. */
interface Bottle {
  liquid: string;
  cap: string;
  label: string;
  emblem: string;
}

/** A pseudo-random sequence in [0, 1) from a seed (mulberry32): fixed drawings from one seed. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** `colour` lightened (amount > 0) or darkened (amount < 0) by a fraction. */
function shade(colour: string, amount: number): string {
  const channels = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  const mixed = channels.map((value) =>
    Math.round(amount > 0 ? value + (255 - value) * amount : value * (1 + amount)),
  );
  return `#${mixed.map((value) => value.toString(16).padStart(2, '0')).join('')}`;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A mound rising out of the katori: its outline, also the clip of the grains on it. */
const MOUND = 'M3.6 19.4C6 10.5 10.8 6.2 16 6.2s10 4.3 12.4 13.2C24 21.9 8 21.9 3.6 19.4Z';

function grainsOn(heap: Heap, random: () => number): string {
  const size = heap.size ?? 1;
  const counts: Record<Grain, number> = {
    lentil: 190,
    rice: 230,
    crystal: 420,
    powder: 160,
    sev: 260,
  };
  const places = Array.from({ length: Math.round(counts[heap.grain] / size) }, () => ({
    x: 3 + random() * 26,
    y: 5.5 + random() * 16.5,
    turn: Math.round(random() * 180),
    tone: random() * 0.3 - 0.15,
  })).sort((a, b) => a.y - b.y);
  return places
    .map(({ x, y, turn, tone }) => {
      const fill = shade(heap.colour, tone);
      const at = `transform="translate(${round(x)} ${round(y)}) rotate(${turn})"`;
      switch (heap.grain) {
        case 'lentil':
          return (
            `<g ${at}><ellipse rx="${1.15 * size}" ry="${0.85 * size}" fill="${fill}" stroke="${shade(heap.colour, -0.3)}" stroke-width="0.12"/>` +
            `<ellipse cx="-0.3" cy="-0.25" rx="${0.4 * size}" ry="${0.22 * size}" fill="#fff" opacity="0.45"/></g>`
          );
        case 'rice':
          return `<ellipse ${at} rx="${1.55 * size}" ry="${0.34 * size}" fill="${fill}" stroke="${shade(heap.colour, -0.18)}" stroke-width="0.1"/>`;
        case 'crystal':
          return `<rect ${at} x="-0.32" y="-0.32" width="0.64" height="0.64" rx="0.08" fill="${fill}" stroke="${shade(heap.colour, -0.14)}" stroke-width="0.07"/>`;
        case 'powder':
          return `<circle cx="${round(x)}" cy="${round(y)}" r="0.13" fill="${shade(heap.colour, -0.35)}" opacity="0.45"/>`;
        case 'sev':
          return `<path ${at} d="M-1.3 0q0.65-0.6 1.3 0t1.3 0" fill="none" stroke="${fill}" stroke-width="0.42" stroke-linecap="round"/>`;
      }
    })
    .join('');
}

/** A heap of `heap` in a steel katori. */
function heapInKatori(heap: Heap, seed: number): string {
  const { colour } = heap;
  return (
    `<defs><radialGradient id="mound" cx="40%" cy="30%" r="75%">` +
    `<stop offset="0" stop-color="${shade(colour, 0.35)}"/><stop offset="0.6" stop-color="${colour}"/>` +
    `<stop offset="1" stop-color="${shade(colour, -0.25)}"/></radialGradient>` +
    `<linearGradient id="steel" x1="0" x2="1"><stop offset="0" stop-color="#8b949e"/>` +
    `<stop offset="0.35" stop-color="#eef1f4"/><stop offset="0.7" stop-color="#c3cad1"/>` +
    `<stop offset="1" stop-color="#7b848e"/></linearGradient>` +
    `<clipPath id="heap"><path d="${MOUND}"/></clipPath></defs>` +
    `<ellipse cx="16" cy="19.2" rx="13" ry="3.3" fill="#6f7881"/>` +
    `<path d="${MOUND}" fill="url(#mound)"/>` +
    `<g clip-path="url(#heap)">${grainsOn(heap, sequence(seed))}</g>` +
    `<path d="M3 19.2c0 2.3 6 3.6 13 3.6s13-1.3 13-3.6c0 6.6-5.2 10.3-13 10.3S3 25.8 3 19.2Z" fill="url(#steel)"/>` +
    `<path d="M3.3 19.6c1.2 2 6.5 3.2 12.7 3.2s11.5-1.2 12.7-3.2" fill="none" stroke="#fff" stroke-width="0.5" opacity="0.8"/>`
  );
}

function bottle({ liquid, cap, label, emblem }: Bottle): string {
  return (
    `<defs><linearGradient id="liquid" x1="0" x2="1"><stop offset="0" stop-color="${shade(liquid, -0.35)}"/>` +
    `<stop offset="0.4" stop-color="${shade(liquid, 0.25)}"/><stop offset="1" stop-color="${shade(liquid, -0.45)}"/></linearGradient>` +
    `<linearGradient id="label" x1="0" x2="1"><stop offset="0" stop-color="${shade(label, -0.25)}"/>` +
    `<stop offset="0.4" stop-color="${shade(label, 0.15)}"/><stop offset="1" stop-color="${shade(label, -0.35)}"/></linearGradient></defs>` +
    `<path d="M13.6 6.5h4.8v2.2c0 1.6 5.1 2.4 5.1 5.6V27a2.5 2.5 0 0 1-2.5 2.5H11a2.5 2.5 0 0 1-2.5-2.5V14.3c0-3.2 5.1-4 5.1-5.6Z" fill="url(#liquid)"/>` +
    `<rect x="13" y="2.2" width="6" height="4" rx="0.9" fill="${cap}"/>` +
    `<rect x="12.6" y="5.8" width="6.8" height="1.3" rx="0.5" fill="${shade(cap, -0.3)}"/>` +
    `<rect x="8.5" y="15.5" width="15" height="8.6" fill="url(#label)"/>` +
    `<g transform="translate(16 19.8)">${emblem}</g>` +
    `<rect x="10" y="11.5" width="1.1" height="15.5" rx="0.55" fill="#fff" opacity="0.45"/>`
  );
}

/** A flower of `petals` petals of `colour` round a dark eye, `r` across: sunflower, mustard. */
function flower(colour: string, r: number, petals = 10): string {
  const leaves = Array.from(
    { length: petals },
    (_, index) =>
      `<ellipse cy="${-r * 0.6}" rx="${r * 0.22}" ry="${r * 0.42}" fill="${colour}" transform="rotate(${(360 / petals) * index})"/>`,
  ).join('');
  return `${leaves}<circle r="${r * 0.36}" fill="#6b3b12"/>`;
}

/** A cube of paneer seen from above a corner: top, left and right faces. */
function cube(x: number, y: number, side: number): string {
  const w = side * 0.87;
  const h = side / 2;
  return (
    `<path d="M${x} ${y - h}l${w} ${h}-${w} ${h}-${w}-${h}Z" fill="#fffdf6"/>` +
    `<path d="M${x - w} ${y}l${w} ${h}v${side}l-${w}-${h}Z" fill="#efe5cf"/>` +
    `<path d="M${x + w} ${y}l-${w} ${h}v${side}l${w}-${h}Z" fill="#ddcfb1"/>`
  );
}

function paneer(): string {
  return (
    `<ellipse cx="16" cy="24.5" rx="14" ry="5" fill="#5b9bd5"/><ellipse cx="16" cy="24" rx="12.6" ry="4.2" fill="#eaf3fb"/>` +
    cube(11.2, 10.8, 6.4) +
    cube(20.8, 10.8, 6.4) +
    cube(16, 15.6, 6.4)
  );
}

/** Curd set in a clay pot (matka dahi). */
function curd(): string {
  return (
    `<defs><linearGradient id="clay" x1="0" x2="1"><stop offset="0" stop-color="#8d3c1c"/>` +
    `<stop offset="0.4" stop-color="#d7773f"/><stop offset="1" stop-color="#7e3216"/></linearGradient>` +
    `<radialGradient id="set" cx="40%" cy="35%" r="70%"><stop offset="0" stop-color="#ffffff"/>` +
    `<stop offset="1" stop-color="#ebe4d3"/></radialGradient></defs>` +
    `<path d="M5.2 12C2.6 16 2.4 22.4 6.8 26.6c3.2 3 15.2 3 18.4 0 4.4-4.2 4.2-10.6 1.6-14.6Z" fill="url(#clay)"/>` +
    `<ellipse cx="16" cy="12" rx="11" ry="3.4" fill="#b9582a"/>` +
    `<ellipse cx="16" cy="12.2" rx="9.6" ry="2.6" fill="url(#set)"/>` +
    `<path d="M11 12.6c2-1.2 4.6-1.3 6.8-0.2" fill="none" stroke="#d9d0bc" stroke-width="0.5" stroke-linecap="round"/>` +
    `<path d="M5.6 19.5c3.6 1.7 17.2 1.7 20.8 0" fill="none" stroke="#f2b07c" stroke-width="0.6" opacity="0.7"/>`
  );
}

/** Desi ghee, grainy and golden, in a glass jar with a green lid. */
function ghee(): string {
  return (
    `<defs><linearGradient id="ghee" x1="0" x2="1"><stop offset="0" stop-color="#d99a1e"/>` +
    `<stop offset="0.4" stop-color="#f8d678"/><stop offset="1" stop-color="#c9860f"/></linearGradient></defs>` +
    `<rect x="6" y="9.5" width="20" height="20" rx="4" fill="#e9f2f5" opacity="0.9"/>` +
    `<rect x="7" y="11.5" width="18" height="17" rx="3.2" fill="url(#ghee)"/>` +
    `<rect x="9" y="16" width="14" height="8" rx="1" fill="#fff6dc"/>` +
    `<path d="M16 17.3c1.6 2 2.2 3 2.2 3.9a2.2 2.2 0 0 1-4.4 0c0-0.9 0.6-1.9 2.2-3.9Z" fill="#e8a617"/>` +
    `<rect x="7" y="3.5" width="18" height="6.3" rx="1.6" fill="#2f7d4f"/>` +
    `<path d="M9 4.5v4.3M12 4.5v4.3M15 4.5v4.3M18 4.5v4.3M21 4.5v4.3M24 4.5v4.3" stroke="#256640" stroke-width="0.6"/>` +
    `<rect x="8.3" y="12" width="1.2" height="15" rx="0.6" fill="#fff" opacity="0.5"/>`
  );
}

/** A bun of pav, a golden dome. */
function bun(x: number, y: number, rx: number): string {
  return (
    `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${rx * 0.82}" fill="url(#crust)"/>` +
    `<ellipse cx="${x - rx * 0.3}" cy="${y - rx * 0.38}" rx="${rx * 0.36}" ry="${rx * 0.18}" fill="#fff" opacity="0.35"/>`
  );
}

/** Ladi pav: six buns baked together. */
function pav(): string {
  return (
    `<defs><radialGradient id="crust" cx="40%" cy="30%" r="75%"><stop offset="0" stop-color="#f4b862"/>` +
    `<stop offset="0.65" stop-color="#cf7a2c"/><stop offset="1" stop-color="#95501b"/></radialGradient></defs>` +
    `<rect x="2.6" y="14.5" width="26.8" height="13" rx="4" fill="#ecc78d"/>` +
    `<rect x="2.6" y="23" width="26.8" height="4.5" rx="2.2" fill="#c98a47"/>` +
    bun(7.6, 12.6, 4.8) +
    bun(16, 12.6, 4.8) +
    bun(24.4, 12.6, 4.8) +
    bun(7.4, 19.2, 5.1) +
    bun(16, 19.2, 5.1) +
    bun(24.6, 19.2, 5.1)
  );
}

/** Rusk: twice-baked slices, fanned. */
function rusk(): string {
  const slices = [-24, -8, 8, 24]
    .map(
      (turn) =>
        `<g transform="rotate(${turn} 16 30)"><rect x="12.4" y="6" width="7.2" height="21" rx="1.4" fill="url(#toast)" stroke="#8f4b17" stroke-width="0.8"/>` +
        `<path d="M14.5 10.5h0.01M17.4 13.4h0.01M14.8 17h0.01M17.2 20.6h0.01M14.6 23.4h0.01" stroke="#f7d9a2" stroke-width="0.7" stroke-linecap="round"/></g>`,
    )
    .join('');
  return (
    `<defs><linearGradient id="toast" x1="0" x2="1"><stop offset="0" stop-color="#e0a25a"/>` +
    `<stop offset="0.5" stop-color="#f0c27f"/><stop offset="1" stop-color="#cf8a41"/></linearGradient></defs>${slices}`
  );
}

/** The drawings by name, each an SVG body on a 32 × 32 grid. */
export const DRAWINGS: Record<string, () => string> = {
  'toor-dal': () => heapInKatori({ grain: 'lentil', colour: '#e8b634' }, 1),
  'moong-dal': () => heapInKatori({ grain: 'lentil', colour: '#f0d67a', size: 0.8 }, 2),
  'chana-dal': () => heapInKatori({ grain: 'lentil', colour: '#deab45', size: 1.3 }, 3),
  'basmati-rice': () => heapInKatori({ grain: 'rice', colour: '#f3ede0' }, 4),
  atta: () => heapInKatori({ grain: 'powder', colour: '#e4cda2' }, 5),
  besan: () => heapInKatori({ grain: 'powder', colour: '#efcb57' }, 6),
  sugar: () => heapInKatori({ grain: 'crystal', colour: '#f4f6f8' }, 7),
  bhujia: () => heapInKatori({ grain: 'sev', colour: '#d98a2e' }, 8),
  'mustard-oil': () =>
    bottle({
      liquid: '#c98512',
      cap: '#f2c230',
      label: '#2f8a3b',
      emblem: flower('#f7d330', 4.2, 4),
    }),
  'sunflower-oil': () =>
    bottle({ liquid: '#f2cc3c', cap: '#e0542b', label: '#fbf3d6', emblem: flower('#f2b705', 6) }),
  cola: () =>
    bottle({
      liquid: '#4a2412',
      cap: '#d6282e',
      label: '#d6282e',
      emblem:
        '<path d="M-5 0.8c2-2.2 4-2.2 5 0s3 2.2 5 0" fill="none" stroke="#fff" stroke-width="1"/>',
    }),
  'nimbu-pani': () =>
    bottle({
      liquid: '#dfe9a4',
      cap: '#3f9a3a',
      label: '#3f9a3a',
      emblem:
        '<circle r="3" fill="#f6df4a" stroke="#fff7c2" stroke-width="0.6"/>' +
        '<path d="M0-2.4V2.4M-2.1-1.2 2.1 1.2M-2.1 1.2 2.1-1.2" stroke="#fff7c2" stroke-width="0.4"/>',
    }),
  paneer,
  curd,
  ghee,
  pav,
  rusk,
};
