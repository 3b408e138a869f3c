import { useState } from 'react';

/**
 * A search field's text: what the person types, and `inAddress` (the address's query) whenever
 * that changes by other ways (back, a link, a shared address).
 */
export function useAddressText(inAddress: string): [string, (text: string) => void] {
  const [text, setText] = useState(inAddress);
  const [seen, setSeen] = useState(inAddress);
  if (inAddress !== seen) {
    setSeen(inAddress);
    if (inAddress !== text.trim()) setText(inAddress);
  }
  return [text, setText];
}
