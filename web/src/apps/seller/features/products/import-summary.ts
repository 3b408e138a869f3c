import type { ImportAnswer } from '@kirana/shared';

/** `n` things in words: '1 new product', '3 problems'. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the rows do, in the shop's words: '12 new products, 3 updated, 40 unchanged'. */
export function summary({ created, updated, unchanged }: ImportAnswer): string {
  return `${count(created, 'new product')}, ${updated} updated, ${unchanged} unchanged`;
}
