import { describe, expect, test } from 'vitest';
import { foldSpelling, shippedMeanings } from './indian-names.js';

describe('Indian names of groceries', () => {
  test.each([
    ['aalu', 'alu'],
    ['aaloo', 'alu'],
    ['Alloo', 'alu'],
    ['doodh', 'dudh'],
    ['pyaaz', 'pyaj'],
    ['pyaj', 'pyaj'],
    ['zeera', 'jira'],
    ['jeera', 'jira'],
    ['makkhan', 'makhan'],
    ['tamaatar', 'tamatar'],
    ['rawa', 'rava'],
    ['  Phool   Gobhi ', 'phul gobhi'],
    ['प्याज़', 'प्याज'],
    ['मूँगफली', 'मूंगफली'],
  ])('the spelling %j folds as %j', (name, folded) => {
    expect(foldSpelling(name)).toBe(folded);
  });

  test('a listed name means its English words; the whole text or one word of it', () => {
    expect(shippedMeanings('daal')).toEqual([
      { means: 'dal', whole: true, guessed: false },
      { means: 'lentils', whole: true, guessed: false },
    ]);
    expect(shippedMeanings('दूध')).toEqual([{ means: 'milk', whole: true, guessed: false }]);
    expect(shippedMeanings('haldi powder')).toEqual([
      { means: 'turmeric', whole: false, guessed: false },
    ]);
    expect(shippedMeanings('phool gobhi')).toContainEqual({
      means: 'cauliflower',
      whole: true,
      guessed: false,
    });
  });

  test('a spelling the list lacks is found by folding, as a guess', () => {
    expect(shippedMeanings('aaaloo')).toEqual([{ means: 'potato', whole: true, guessed: true }]);
    expect(shippedMeanings('good')).toEqual([{ means: 'jaggery', whole: true, guessed: true }]);
    expect(shippedMeanings('tomato')).toEqual([]);
  });
});
