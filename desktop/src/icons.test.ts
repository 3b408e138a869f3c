import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { parse } from 'yaml';

/*
 * The icons electron-builder.yml names: packaging cannot run here (no Electron download), so the
 * files are checked as electron-builder would find them.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const config = parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
  directories: { buildResources: string };
  linux: { icon: string };
  win: { icon: string };
  mac: { icon: string };
};
const resources = join(ROOT, config.directories.buildResources);

/** As electron-builder looks for a resource: in the build resources, then the project. */
function resource(name: string): string {
  const inResources = resolve(resources, name);
  try {
    statSync(inResources);
    return inResources;
  } catch {
    return resolve(ROOT, name);
  }
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): [number, number] {
  const png = readFileSync(file);
  expect(png.subarray(1, 4).toString('latin1'), `${file} is a PNG`).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

/** The square sizes an .ico holds, checked against each image's own header. */
function icoSizes(file: string): number[] {
  const ico = readFileSync(file);
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)], `${file} is an icon file`).toEqual([0, 1]);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + index * 16;
    // 0 stands for 256 in the directory.
    const size = ico.readUInt8(entry) || 256;
    expect(ico.readUInt8(entry + 1) || 256, 'a square image').toBe(size);
    const image = ico.subarray(ico.readUInt32LE(entry + 12));
    const width =
      image.subarray(1, 4).toString('latin1') === 'PNG'
        ? image.readUInt32BE(16)
        : image.readInt32LE(4);
    expect(width, `the ${size} px image's own width`).toBe(size);
    return size;
  });
}

describe('the desktop packages’ icons', () => {
  test('Linux: one PNG per size, each as large as its name says, 16 to 512 px', () => {
    const folder = resource(config.linux.icon);
    const files = readdirSync(folder).filter((name) => name.endsWith('.png'));
    const sizes = files.map((name) => {
      const size = Number(/^(\d+)x\1\.png$/.exec(name)?.[1]);
      expect(pngSize(join(folder, name)), name).toEqual([size, size]);
      return size;
    });
    expect(sizes.sort((a, b) => a - b)).toEqual([16, 24, 32, 48, 64, 128, 256, 512]);
  });

  test('Windows: one .ico with each size Windows draws, up to the 256 px it requires', () => {
    expect(config.win.icon).toMatch(/\.ico$/);
    expect(icoSizes(resource(config.win.icon))).toEqual([16, 24, 32, 48, 64, 128, 256]);
  });

  test('macOS: a 1024 px square PNG, from which the .icns is made', () => {
    expect(pngSize(resource(config.mac.icon))).toEqual([1024, 1024]);
  });
});
