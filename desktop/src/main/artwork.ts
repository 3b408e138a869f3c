/**
 * The app's tray icon and new-order sound, drawn and synthesised in code so the app ships no
 * binary assets and every platform gets the same.
 */

/** Kirana green and the alert red, as [r, g, b]. */
const GREEN = [21, 128, 61] as const;
const RED = [220, 38, 38] as const;
const WHITE = [255, 255, 255] as const;

type Rgb = readonly [number, number, number];

/** Distance from point p to the segment a–b. */
function segmentDistance(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/** How much of a pixel a shape covers, from the pixel centre's signed distance to its edge. */
const coverage = (distanceInside: number) => Math.max(0, Math.min(1, distanceInside + 0.5));

/**
 * The tray icon as a BGRA bitmap (`nativeImage.createFromBitmap`): a white "K" on a green disc,
 * with a red dot at the top right when `alert` (orders waiting).
 */
export function trayIconBitmap(size: number, alert: boolean): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const u = size / 16; // drawn on a 16-unit grid
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const x = (column + 0.5) / u;
      const y = (row + 0.5) / u;
      const disc = coverage((7.5 - Math.hypot(x - 8, y - 8)) * u);
      const stroke = 0.9;
      const letter = coverage(
        (stroke -
          Math.min(
            segmentDistance(x, y, 5.75, 4, 5.75, 12),
            segmentDistance(x, y, 10.5, 4, 6, 8.4),
            segmentDistance(x, y, 7.3, 7.3, 10.75, 12),
          )) *
          u,
      );
      let colour = mix(GREEN, WHITE, letter * disc);
      let alpha = disc;
      if (alert) {
        const ring = coverage((4.2 - Math.hypot(x - 12.5, y - 3.5)) * u);
        const dot = coverage((3.2 - Math.hypot(x - 12.5, y - 3.5)) * u);
        colour = mix(mix(colour, WHITE, ring), RED, dot);
        alpha = Math.max(alpha, ring);
      }
      const offset = (row * size + column) * 4;
      pixels[offset] = Math.round(colour[2] * alpha);
      pixels[offset + 1] = Math.round(colour[1] * alpha);
      pixels[offset + 2] = Math.round(colour[0] * alpha);
      pixels[offset + 3] = Math.round(255 * alpha);
    }
  }
  return pixels;
}

function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  const channel = (a: number, b: number) => a + (b - a) * amount;
  return [channel(from[0], to[0]), channel(from[1], to[1]), channel(from[2], to[2])];
}

export const CHIME_SAMPLE_RATE = 22_050;

/**
 * The new-order sound: two rising tones (E6 then A6, 0.18 s each with a soft fade), as a mono
 * 16-bit PCM WAV file.
 */
export function chimeWav(): Buffer {
  const tones = [1318.5, 1760];
  const toneSamples = Math.round(CHIME_SAMPLE_RATE * 0.18);
  const samples = tones.length * toneSamples;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(CHIME_SAMPLE_RATE, 24);
  wav.writeUInt32LE(CHIME_SAMPLE_RATE * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  tones.forEach((frequency, tone) => {
    for (let i = 0; i < toneSamples; i += 1) {
      const t = i / CHIME_SAMPLE_RATE;
      const envelope = Math.min(1, i / 200) * Math.exp((-4 * i) / toneSamples);
      const value = Math.sin(2 * Math.PI * frequency * t) * envelope * 0.6;
      wav.writeInt16LE(Math.round(value * 32_767), 44 + (tone * toneSamples + i) * 2);
    }
  });
  return wav;
}
