/** `text` as a sentence: trimmed, its first letter upper-cased; `fallback` when it is empty. */
export function asSentence(text: string | null | undefined, fallback: string): string {
  const trimmed = text?.trim();
  return trimmed ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : fallback;
}
