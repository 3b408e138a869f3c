import { pino, type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'kirana' },
    redact: ['req.headers.cookie', 'res.headers["set-cookie"]', 'req.headers.authorization'],
  });
}
