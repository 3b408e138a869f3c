/**
 * The Electron entry point (`main` of the package). Everything it does lives in
 * `startCounterApp`, which takes the Electron module as an argument so tests can pass fakes.
 */
import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  nativeImage,
  net,
  Notification,
  screen,
  shell,
  Tray,
} from 'electron';
import { startCounterApp } from './counter-app.js';
import { consoleLogger } from './logger.js';

const here = import.meta.dirname; // dist/main
// The bundled pages are static files, shipped as they are (electron-builder.yml lists them).
const pages = join(here, '..', '..', 'src', 'pages');

startCounterApp(
  { app, BrowserWindow, ipcMain, Menu, nativeImage, net, Notification, screen, shell, Tray },
  {
    env: process.env,
    argv: process.argv,
    platform: process.platform,
    preload: join(here, '..', 'preload', 'index.cjs'),
    pages: {
      firstRun: join(pages, 'first-run.html'),
      offline: join(pages, 'offline.html'),
      receiptPrinter: join(pages, 'receipt-printer.html'),
    },
    log: consoleLogger,
  },
).catch((error: unknown) => {
  consoleLogger.error('the app failed to start', { error: String(error) });
  app.exit(1);
});
