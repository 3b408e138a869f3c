import { expect, type Locator } from '@playwright/test';

/** Scrolls each image into view (so lazy ones start loading) and waits until it has decoded. */
export async function expectImagesLoaded(images: Locator): Promise<void> {
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        message: `image ${await image.getAttribute('src')} loaded`,
      })
      .toBe(true);
  }
}
