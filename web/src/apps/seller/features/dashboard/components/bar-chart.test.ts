import { describe, expect, it } from 'vitest';
import { fitted } from './bar-chart';

// Every character 7 px wide, as a monospaced font would draw it.
const measure = (part: string) => [...part].length * 7;

describe('fitted', () => {
  it('keeps a name that fits whole', () => {
    expect(fitted('Basmati rice', 84, measure)).toBe('Basmati rice');
  });

  it("cuts a longer name to what fits with its '…', never past the width", () => {
    const text = fitted('Aashirvaad Shudh Chakki Atta 5 kg', 140, measure);
    expect(text).toBe('Aashirvaad Shudh Ch…');
    expect(measure(text)).toBeLessThanOrEqual(140);
  });

  it('does not end the cut on a space, nor split a character made of two UTF-16 units', () => {
    expect(fitted('Toor dal 1 kg', 42, measure)).toBe('Toor…');
    expect(fitted('🥭🥭🥭🥭 Alphonso', 35, measure)).toBe('🥭🥭🥭🥭…');
  });
});
