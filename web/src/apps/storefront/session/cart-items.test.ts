import { MAX_LINE_QUANTITY } from '@kirana/shared';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../test/products';
import {
  addOne,
  cartAdditions,
  itemCount,
  looseLines,
  mergeCarts,
  rebaseCart,
  removeOne,
  sameCart,
  sanitizeCart,
  setQuantity,
} from './cart-items';
import { cartLines, linesItemCount, linesTotals, quantityChoices } from './cart-lines';

describe('cart changes', () => {
  const a = aProduct();
  const dal = aProduct({ unit: 'kg', steps: [250, 500, 1000, 2000] });

  it('adding increments the quantity, starting a new line at 1', () => {
    const once = addOne({}, a);
    expect(once).toEqual({ [a._id]: 1 });
    expect(addOne(once, a)).toEqual({ [a._id]: 2 });
  });

  it('adding never goes past the largest quantity a line may hold', () => {
    expect(addOne({ [a._id]: MAX_LINE_QUANTITY }, a)).toEqual({ [a._id]: MAX_LINE_QUANTITY });
  });

  it('removing decrements and deletes the line at zero', () => {
    const b = aProduct();
    expect(removeOne({ [a._id]: 2, [b._id]: 1 }, a)).toEqual({ [a._id]: 1, [b._id]: 1 });
    expect(removeOne({ [a._id]: 1, [b._id]: 1 }, a)).toEqual({ [b._id]: 1 });
    expect(removeOne({ [b._id]: 1 }, a)).toEqual({ [b._id]: 1 });
  });

  it('a loose product is added and taken out in its steps, in grams, and + stops at the last', () => {
    const added = [addOne({}, dal)];
    for (let step = 0; step < 4; step += 1) added.push(addOne(added.at(-1) ?? {}, dal));
    expect(added.map((items) => items[dal._id])).toEqual([250, 500, 1000, 2000, 2000]);
    expect(removeOne({ [dal._id]: 1000 }, dal)).toEqual({ [dal._id]: 500 });
    expect(removeOne({ [dal._id]: 250 }, dal)).toEqual({});
    // A line between steps (the seller changed them) goes to the step either side.
    expect(addOne({ [dal._id]: 750 }, dal)).toEqual({ [dal._id]: 1000 });
    expect(removeOne({ [dal._id]: 750 }, dal)).toEqual({ [dal._id]: 500 });
  });

  it('setting a quantity replaces it, and zero removes the line', () => {
    expect(setQuantity({ a: 2 }, 'a', 7)).toEqual({ a: 7 });
    expect(setQuantity({ a: 2 }, 'a', 0)).toEqual({});
    // Grams of a loose product: a line holds up to 1,000 kg.
    expect(setQuantity({}, 'a', 5000)).toEqual({ a: 5000 });
    expect(setQuantity({}, 'a', 2_000_000)).toEqual({ a: 1_000_000 });
  });

  it('does not change the cart it was given', () => {
    const items = Object.freeze({ [a._id]: 1 });
    addOne(items, a);
    removeOne(items, a);
    setQuantity(items, a._id, 3);
    expect(items).toEqual({ [a._id]: 1 });
  });

  it('counts pieces by their number and a loose line as one item, whatever its grams', () => {
    expect(itemCount({})).toBe(0);
    expect(itemCount({ a: 2, b: 3 })).toBe(5);
    expect(itemCount({ [dal._id]: 500 }, [dal._id])).toBe(1);
    expect(itemCount({ a: 2, [dal._id]: 1500, b: 3 }, [dal._id])).toBe(6);
  });

  it('counts every line by its quantity when no loose product is noted (a cart stored before)', () => {
    expect(itemCount({ a: 2, [dal._id]: 500 })).toBe(502);
    expect(itemCount({ a: 2, [dal._id]: 500 }, [])).toBe(502);
  });

  it('notes a loose product as it is added, once, and only while the cart holds its line', () => {
    const items = { [a._id]: 1, [dal._id]: 250 };
    expect(looseLines(items, [], a)).toEqual([]);
    expect(looseLines(items, [], dal)).toEqual([dal._id]);
    expect(looseLines(items, [dal._id], dal)).toEqual([dal._id]);
    expect(looseLines({ [a._id]: 1 }, [dal._id])).toEqual([]);
    expect(looseLines(items)).toEqual([]);
  });
});

describe('mergeCarts', () => {
  const carrot = aProduct({ name: 'Carrot' });
  const apple = aProduct({ name: 'Apple', category: 'Fruits' });
  const brinjal = aProduct({ name: 'Brinjal', inStock: false });
  const products = [carrot, apple, brinjal];

  it("sums the browser's and the server's quantities per product", () => {
    expect(mergeCarts({ [carrot._id]: 2 }, { [carrot._id]: 3, [apple._id]: 1 }, products)).toEqual({
      [carrot._id]: 5,
      [apple._id]: 1,
    });
  });

  it('caps a summed quantity at 999', () => {
    expect(mergeCarts({ [carrot._id]: 600 }, { [carrot._id]: 600 }, products)).toEqual({
      [carrot._id]: 999,
    });
  });

  it('takes a summed loose line to the largest of its steps it reaches', () => {
    const dal = aProduct({ unit: 'kg', steps: [250, 500, 1000] });
    const both = [...products, dal];
    expect(mergeCarts({ [dal._id]: 500 }, { [dal._id]: 250 }, both)).toEqual({ [dal._id]: 500 });
    expect(mergeCarts({ [dal._id]: 1000 }, { [dal._id]: 1000 }, both)).toEqual({
      [dal._id]: 1000,
    });
  });

  it('drops products that no longer exist or are out of stock', () => {
    const gone = '0190a5b2-7c3e-7a10-8000-ffffffffffff';
    expect(
      mergeCarts({ [gone]: 1, [brinjal._id]: 2 }, { [apple._id]: 1, [gone]: 4 }, products),
    ).toEqual({ [apple._id]: 1 });
  });

  it('keeps either cart as it is when the other is empty', () => {
    expect(mergeCarts({ [apple._id]: 4 }, {}, products)).toEqual({ [apple._id]: 4 });
    expect(mergeCarts({}, { [apple._id]: 4 }, products)).toEqual({ [apple._id]: 4 });
  });
});

describe('carts that copy a saved cart', () => {
  const [carrot, apple, banana] = [aProduct(), aProduct(), aProduct()];

  it('a copy that only mirrors the saved cart adds nothing to it (no doubling)', () => {
    const saved = { [carrot._id]: 2 };
    expect(rebaseCart(saved, saved, saved)).toEqual(saved);
    expect(mergeCarts(saved, saved, [carrot], saved)).toEqual(saved);
  });

  it('applies what changed in the copy since it matched the server: added, raised, removed', () => {
    const base = { [carrot._id]: 2, [apple._id]: 1 };
    const items = { [carrot._id]: 3, [banana._id]: 1 };
    expect(rebaseCart(items, base, base)).toEqual(items);
  });

  it("keeps the server's own later changes, and does not bring back what it removed", () => {
    const base = { [carrot._id]: 2, [apple._id]: 1 };
    const server = { [carrot._id]: 5 };
    expect(rebaseCart({ ...base, [banana._id]: 1 }, base, server)).toEqual({
      [carrot._id]: 5,
      [banana._id]: 1,
    });
    expect(rebaseCart(base, base, {})).toEqual({});
  });

  it('with no base, sums like a logged-out cart', () => {
    expect(rebaseCart({ [carrot._id]: 1 }, {}, { [carrot._id]: 2 })).toEqual({ [carrot._id]: 3 });
  });

  it('lists the additions made since the base', () => {
    expect(
      cartAdditions(
        { [carrot._id]: 3, [apple._id]: 1, [banana._id]: 2 },
        { [carrot._id]: 1, [apple._id]: 4 },
      ),
    ).toEqual({ [carrot._id]: 2, [banana._id]: 2 });
  });

  it('compares carts regardless of order', () => {
    expect(sameCart({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(sameCart({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameCart({ a: 1 }, { a: 2 })).toBe(false);
  });
});

describe('cart lines and totals', () => {
  const carrot = aProduct({ name: 'Carrot', price: 60, offerPrice: 48 });
  const apple = aProduct({ name: 'Apple', price: 150, offerPrice: 120.5 });

  it('lists the products the shop knows, in the order they were added', () => {
    const lines = cartLines({ [apple._id]: 1, unknown: 2, [carrot._id]: 3 }, [carrot, apple]);
    expect(lines.map(({ product, quantity }) => [product.name, quantity])).toEqual([
      ['Apple', 1],
      ['Carrot', 3],
    ]);
  });

  it('totals offer prices with 2 % tax rounded down and free shipping, in paise', () => {
    const totals = linesTotals(cartLines({ [carrot._id]: 3, [apple._id]: 1 }, [carrot, apple]));
    // 3 × 48 + 120.50 = 264.50; 2 % = 5.29
    expect(totals).toEqual({ subtotal: 26450, tax: 529, shipping: 0, total: 26979 });
  });

  it('counts the items of the lines as the badge does: pieces by number, a loose line as one', () => {
    const rice = aProduct({ name: 'Rice', unit: 'kg', steps: [500, 1000] });
    const lines = cartLines({ [carrot._id]: 3, [rice._id]: 500, unknown: 4 }, [carrot, rice]);
    expect(linesItemCount(lines)).toBe(4);
  });
});

describe('quantityChoices', () => {
  it('offers 1 to 9', () => {
    expect(quantityChoices(1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('offers up to the current quantity when it is higher than 9', () => {
    const choices = quantityChoices(12);
    expect(choices[0]).toBe(1);
    expect(choices.at(-1)).toBe(12);
    expect(choices).toHaveLength(12);
  });

  it('offers no more than the units left, yet always the quantity the cart holds', () => {
    expect(quantityChoices(1, 1)).toEqual([1]);
    expect(quantityChoices(1, 3)).toEqual([1, 2, 3]);
    expect(quantityChoices(4, 2)).toEqual([1, 2, 3, 4]);
    expect(quantityChoices(1, 0)).toEqual([1]);
    expect(quantityChoices(1, 50)).toHaveLength(9);
  });

  it('offers no more than the most the line may hold (the shop’s most per order), yet always the quantity held', () => {
    expect(quantityChoices(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(quantityChoices(7, 5)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});

describe('sanitizeCart', () => {
  it('keeps well-formed lines of a stored cart', () => {
    expect(sanitizeCart({ a: 1, b: 3 })).toEqual({ a: 1, b: 3 });
  });

  it('drops lines whose quantity is not a positive integer, and caps large ones', () => {
    expect(sanitizeCart({ a: '2', b: 0, c: 1.5, d: -1, e: 5000, f: null, g: 2e6 })).toEqual({
      e: 5000,
      g: 1_000_000,
    });
  });

  it('turns anything that is not an object into an empty cart', () => {
    for (const stored of [null, 'cart', 3, [1, 2], undefined]) {
      expect(sanitizeCart(stored)).toEqual({});
    }
  });
});
