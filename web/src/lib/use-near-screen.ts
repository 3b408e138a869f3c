import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element of `ref` has come within `rootMargin` of the screen (it stays true once it
 * has), or was `already` so: what a section waits for before it loads what it shows.
 */
export function useNearScreen(
  ref: RefObject<Element | null>,
  already = false,
  rootMargin = '600px 0px',
): boolean {
  const [near, setNear] = useState(already);
  useEffect(() => {
    const element = ref.current;
    if (near || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, rootMargin]);
  return near;
}
