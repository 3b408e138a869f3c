import { describe, expect, it } from 'vitest';
import { mapsHref, phoneHref } from './order-links';
import { anAgentOrder } from '../../test/orders';

describe('order links', () => {
  it('dials the phone number without its spaces and dashes', () => {
    expect(phoneHref('98123 45678')).toBe('tel:9812345678');
    expect(phoneHref('+91 98123-45678')).toBe('tel:+919812345678');
  });

  it('searches Google Maps for the whole address over https', () => {
    const href = mapsHref(anAgentOrder(1).address);
    const url = new URL(href);
    expect(url.origin).toBe('https://www.google.com');
    expect(url.pathname).toBe('/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('12 MG Road, Bengaluru, Karnataka 560038, India');
  });
});
