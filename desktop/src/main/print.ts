import { escapeHtml, type PrintResult } from '@kirana/shared';

/**
 * A whole HTML page for the printer, which allows no script and loads nothing. `title` is text;
 * `style` and `body` are markup whose texts the caller escaped.
 */
export function printablePage(page: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'" />
    <title>${escapeHtml(page.title)}</title>
    <style>${page.style}
    </style>
  </head>
  <body>${page.body}
  </body>
</html>
`;
}

/** The options of `webContents.print` printing uses. */
export type PagePrintOptions =
  | { silent: false; printBackground: true }
  | {
      silent: true;
      printBackground: true;
      deviceName: string;
      // Electron's own default is A4; a receipt printer's driver knows its roll.
      usePrinterDefaultPageSize: true;
    };

/** The part of a hidden `BrowserWindow` printing uses. */
export interface PrintWindow {
  loadURL(url: string): Promise<void>;
  webContents: {
    print(
      options: PagePrintOptions,
      callback: (success: boolean, failureReason: string) => void,
    ): void;
  };
  destroy(): void;
}

/**
 * Prints a whole HTML page: loads it into a hidden window (made by `createWindow` with
 * JavaScript off) and opens the system print dialog there, or, given the system name of a
 * `printer`, prints there at once without a dialog on the printer's own paper. Resolves once
 * printing is done or refused; the window is always destroyed.
 */
export async function printPage(
  html: string,
  createWindow: () => PrintWindow,
  printer: string | null = null,
): Promise<PrintResult> {
  const options: PagePrintOptions =
    printer === null
      ? { silent: false, printBackground: true }
      : {
          silent: true,
          printBackground: true,
          deviceName: printer,
          usePrinterDefaultPageSize: true,
        };
  const window = createWindow();
  try {
    await window.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`);
    return await new Promise<PrintResult>((resolve) => {
      window.webContents.print(options, (success, reason) =>
        resolve(success ? { printed: true } : { printed: false, reason: reason || 'not printed' }),
      );
    });
  } catch (error) {
    return { printed: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    window.destroy();
  }
}
