import type { PrintResult } from '@kirana/shared';

/**
 * Prints `frame` once loaded through the browser's print dialog, then drops it; `cannot` says
 * what happened when the frame cannot print (another origin's).
 */
function printFrame(frame: HTMLIFrameElement, cannot: () => PrintResult): Promise<PrintResult> {
  return new Promise((resolve) => {
    frame.className = 'visually-hidden';
    frame.addEventListener('load', () => {
      try {
        frame.contentWindow?.focus();
        frame.contentWindow?.print();
        resolve({ printed: true });
      } catch {
        resolve(cannot());
      } finally {
        setTimeout(() => frame.remove(), 60_000);
      }
    });
    document.body.append(frame);
  });
}

/**
 * Prints the page at `url` (the server's, such as a receipt or a statement) through the browser's
 * print dialog, from a hidden frame of this page; in a tab of its own when the frame cannot print
 * (another origin's). `title` names it, as 'Receipt'.
 */
export function printInFrame(url: string, title: string): Promise<PrintResult> {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.src = url;
  return printFrame(frame, () => {
    // Another origin's frame cannot be printed from here: the page in a tab of its own.
    window.open(url, '_blank', 'noopener');
    return {
      printed: false,
      reason: `The ${title.toLowerCase()} opened in a new tab: print it from there`,
    };
  });
}

/**
 * Prints the whole HTML page `html`, made in this page (a receipt rendered without the server),
 * through the browser's print dialog from a hidden frame. The frame's document is its `srcdoc`:
 * of this page's origin, so it prints, and allowed by the page's own policy, which lets frames
 * show only this origin (a `blob:` address would be refused). `title` names it, as 'Receipt'.
 */
export function printHtmlInFrame(html: string, title: string): Promise<PrintResult> {
  const frame = document.createElement('iframe');
  frame.title = title;
  frame.srcdoc = html;
  return printFrame(frame, () => ({
    printed: false,
    reason: `The ${title.toLowerCase()} could not be printed from this page`,
  }));
}
