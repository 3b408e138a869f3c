import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl } from './images.js';

describe('imageUrl', () => {
  it('names the widest stored width under an absolute base, as the server answers images', () => {
    expect(imageUrl('https://shop.example.in/uploads', 'products/abc')).toBe(
      'https://shop.example.in/uploads/products/abc-800.webp',
    );
    expect(imageUrl('/uploads', 'products/abc', 200)).toBe('/uploads/products/abc-200.webp');
  });
});

describe('imageSrcSet', () => {
  it('lists every stored width of an absolute URL on the same server', () => {
    expect(imageSrcSet('http://127.0.0.1:4173/uploads/products/abc-800.webp')).toBe(
      'http://127.0.0.1:4173/uploads/products/abc-200.webp 200w, ' +
        'http://127.0.0.1:4173/uploads/products/abc-400.webp 400w, ' +
        'http://127.0.0.1:4173/uploads/products/abc-800.webp 800w',
    );
  });

  it('lists every stored width of a root-relative path', () => {
    expect(imageSrcSet('/uploads/demo/apple-800.webp')).toBe(
      '/uploads/demo/apple-200.webp 200w, /uploads/demo/apple-400.webp 400w, ' +
        '/uploads/demo/apple-800.webp 800w',
    );
  });

  it('keeps an image that is not one of ours as it is', () => {
    expect(imageSrcSet('https://cdn.example.in/apple.png')).toBe(
      'https://cdn.example.in/apple.png',
    );
    expect(imageSrcSet('https://cdn.example.in/apple-800.webp?v=2')).toBe(
      'https://cdn.example.in/apple-800.webp?v=2',
    );
  });
});
