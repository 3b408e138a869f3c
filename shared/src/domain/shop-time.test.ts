import { describe, expect, it } from 'vitest';
import { isTimeZone } from './shop-time.js';

describe('isTimeZone', () => {
  it('takes IANA names, UTC included', () => {
    for (const name of ['Asia/Kolkata', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'UTC'])
      expect(isTimeZone(name), name).toBe(true);
  });

  it('refuses abbreviations, which PostgreSQL reads otherwise than Intl (IST is Israel there)', () => {
    for (const name of ['IST', 'EST', 'GMT', 'PST8PDT', '+05:30', 'Asia/Kolkata ', ''])
      expect(isTimeZone(name), name).toBe(false);
  });

  it('refuses names of the right form that no zone has', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
