import type { Address } from '@kirana/shared';

/** A `tel:` link for `phone`, keeping only what a dialler understands. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The address on one line, as a maps search understands it. */
export function addressLine(address: Address): string {
  return [address.street, address.city, `${address.state} ${address.zipcode}`, address.country]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
}

/** A Google Maps search for `address` (opens the Maps app on a phone that has it). */
export function mapsHref(address: Address): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressLine(address))}`;
}
