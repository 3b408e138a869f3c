/** Where the main process reports what it refused or failed at. */
export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** One line per event on the main process's console (the terminal of `npm run desktop`). */
export const consoleLogger: Logger = {
  info: (message, details) => console.info(`[kirana] ${message}`, details ?? ''),
  warn: (message, details) => console.warn(`[kirana] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[kirana] ${message}`, details ?? ''),
};
