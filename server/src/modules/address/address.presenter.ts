import type { Address as AddressDto } from '@kirana/shared';
import type { Address } from './address.entity.js';

export function presentAddress(address: Address): AddressDto {
  return {
    _id: address.id,
    firstName: address.firstName,
    lastName: address.lastName,
    email: address.email,
    street: address.street,
    city: address.city,
    state: address.state,
    zipcode: address.zipcode,
    country: address.country,
    phone: address.phone,
  };
}
