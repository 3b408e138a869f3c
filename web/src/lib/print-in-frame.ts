import type { PrintResult } from '@kirana/shared';

/**
 * Prints the page at `url` (the server's, such as a receipt or a statement) through the browser's
 * print dialog, from a hidden frame of this page; in a tab of its own when the frame cannot print
 * (another origin's). `title` names it, as 'Receipt'.
 */
export function printInFrame(url: string, title: string): Promise<PrintResult> {
  return new Promise((resolve) => {
    const frame = document.createElement('iframe');
    frame.title = title;
    frame.className = 'visually-hidden';
    frame.src = url;
    frame.addEventListener('load', () => {
      try {
        frame.contentWindow?.focus();
        frame.contentWindow?.print();
        resolve({ printed: true });
      } catch {
        // Another origin's frame cannot be printed from here: the page in a tab of its own.
        window.open(url, '_blank', 'noopener');
        resolve({
          printed: false,
          reason: `The ${title.toLowerCase()} opened in a new tab: print it from there`,
        });
      } finally {
        setTimeout(() => frame.remove(), 60_000);
      }
    });
    document.body.append(frame);
  });
}
