import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { assertSafeInput, inspectBody, MAX_BODY_DEPTH, MAX_BODY_VALUES } from './text-input.js';

/** `leaf` wrapped in `depth` lists. */
function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** The path of the first string (or key) in `value` holding a NUL character, as inspectBody names it. */
function findNulCharacter(value: unknown): string | null {
  const problem = inspectBody(value);
  return problem?.kind === 'nul' ? problem.path : null;
}

describe('inspectBody: NUL characters', () => {
  it('names the path of the first string holding a NUL character', () => {
    expect(findNulCharacter({ address: { city: 'Pu\u0000ne' } })).toBe('address.city');
    expect(findNulCharacter({ items: [{ product: 'a' }, { product: '\u0000' }] })).toBe(
      'items.1.product',
    );
    expect(findNulCharacter('\u0000')).toBe('body');
  });

  it('names a key holding a NUL character by its parent, before the values after it', () => {
    expect(findNulCharacter({ a: { 'b\u0000': 'x', c: '\u0000' } })).toBe('a');
    expect(findNulCharacter({ first: 'ok', second: { third: '\u0000' }, fourth: '\u0000' })).toBe(
      'second.third',
    );
  });

  it('finds nothing in clean values', () => {
    expect(findNulCharacter({ name: 'Asha', quantities: [1, 2], ok: true, none: null })).toBeNull();
  });
});

describe('inspectBody', () => {
  it(`reads bodies ${MAX_BODY_DEPTH} levels deep and refuses one more`, () => {
    expect(inspectBody(nested(MAX_BODY_DEPTH))).toBeNull();
    expect(inspectBody(nested(MAX_BODY_DEPTH + 1))).toEqual({ kind: 'tooDeep' });
  });

  it('walks 100,000 levels without running out of stack', () => {
    expect(inspectBody(nested(100_000))).toEqual({ kind: 'tooDeep' });
  });

  it(`refuses more than ${MAX_BODY_VALUES} values, however they are spread`, () => {
    expect(inspectBody(Array.from({ length: MAX_BODY_VALUES - 1 }, () => 1))).toBeNull();
    expect(inspectBody(Array.from({ length: MAX_BODY_VALUES }, () => 1))).toEqual({
      kind: 'tooManyValues',
    });
    const wide = Object.fromEntries(
      Array.from({ length: 200 }, (_, row) => [`r${row}`, Array.from({ length: 60 }, () => 'x')]),
    );
    expect(inspectBody(wide)).toEqual({ kind: 'tooManyValues' });
  });
});

describe('assertSafeInput', () => {
  it('throws a 400 saying what is wrong', () => {
    const messageOf = (value: unknown) => {
      try {
        assertSafeInput(value);
        return null;
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
        return (error as AppError).message;
      }
    };
    expect(messageOf({ name: 'A\u0000' })).toBe('name must not contain NUL characters');
    expect(messageOf(nested(40))).toBe('Request body is nested too deeply (at most 32 levels)');
    expect(messageOf({ name: 'Asha' })).toBeNull();
  });
});
