import { SPEC_SHOP_SETTINGS, type Shop } from '@kirana/shared';

/** The shop as `GET /api/shop` answers a new store, open now, with any field overridden. */
export function aShop(overrides: Partial<Shop> = {}): Shop {
  const { zipcodes: _everywhere, ...settings } = SPEC_SHOP_SETTINGS;
  return {
    ...settings,
    hours: [],
    open: true,
    opensAt: null,
    closesAt: null,
    limitedArea: false,
    upiId: '',
    upiName: '',
    ...overrides,
  };
}
