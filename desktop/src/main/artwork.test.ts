import { describe, expect, test, vi } from 'vitest';
import { recordingLogger } from '../test/fixtures.js';
import { CHIME_SAMPLE_RATE, chimeWav, trayIconBitmap } from './artwork.js';
import { chimePlayer } from './chime.js';
import type { ChimeWindow } from './chime.js';

/** [b, g, r, a] of the pixel at (x, y). */
const pixel = (bitmap: Buffer, size: number, x: number, y: number) => [
  ...bitmap.subarray((y * size + x) * 4, (y * size + x) * 4 + 4),
];

describe('tray icon', () => {
  test('a green disc with a transparent outside, and a red dot at the top right when orders wait', () => {
    const size = 32;
    const normal = trayIconBitmap(size, false);
    const alert = trayIconBitmap(size, true);
    expect(normal).toHaveLength(size * size * 4);
    expect(pixel(normal, size, 0, size - 1)).toEqual([0, 0, 0, 0]);
    const [b, g, r, a] = pixel(normal, size, 4, 16); // left of the K, inside the disc
    expect(a).toBe(255);
    expect(g).toBeGreaterThan(r! + 50);
    expect(g).toBeGreaterThan(b! + 50);
    const [, dotG, dotR, dotA] = pixel(alert, size, 25, 7);
    expect(dotA).toBe(255);
    expect(dotR).toBeGreaterThan(dotG! + 100);
    expect(pixel(normal, size, 4, 16)).toEqual(pixel(alert, size, 4, 16));
  });
});

describe('chime', () => {
  test('is a mono 16-bit PCM WAV of about a third of a second', () => {
    const wav = chimeWav();
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(CHIME_SAMPLE_RATE);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    const seconds = wav.readUInt32LE(40) / 2 / CHIME_SAMPLE_RATE;
    expect(seconds).toBeGreaterThan(0.3);
    expect(seconds).toBeLessThan(0.5);
  });

  function fakeWindow() {
    return {
      loadURL: vi.fn(async (_url: string) => {}),
      webContents: {
        executeJavaScript: vi.fn(async (_code: string): Promise<unknown> => undefined),
      },
      isDestroyed: vi.fn(() => false),
      destroy: vi.fn(),
    } satisfies ChimeWindow;
  }

  test('plays the WAV in one hidden window, made once', async () => {
    const window = fakeWindow();
    const create = vi.fn(() => window);
    const beep = vi.fn();
    const player = chimePlayer(create, beep, recordingLogger());
    player.play();
    player.play();
    await vi.waitFor(() => expect(window.webContents.executeJavaScript).toHaveBeenCalledTimes(2));
    expect(create).toHaveBeenCalledTimes(1);
    expect(window.loadURL).toHaveBeenCalledWith('about:blank');
    expect(window.webContents.executeJavaScript.mock.calls[0]![0]).toMatch(
      /^new Audio\("data:audio\/wav;base64,UklGR[^"]+"\)\.play\(\)$/,
    );
    expect(beep).not.toHaveBeenCalled();
    player.dispose();
    expect(window.destroy).toHaveBeenCalledTimes(1);
  });

  test('falls back to the system beep when the sound cannot play, and says so once', async () => {
    const window = fakeWindow();
    window.webContents.executeJavaScript.mockRejectedValue(new Error('NotAllowedError'));
    const beep = vi.fn();
    const log = recordingLogger();
    const player = chimePlayer(() => window, beep, log);
    player.play();
    player.play();
    await vi.waitFor(() => expect(beep).toHaveBeenCalledTimes(2));
    expect(log.entries).toHaveLength(1);
  });
});
