import { SELLER_MESSAGES, type ShopUpdateBody } from '@kirana/shared';
import { mutationOptions } from '@tanstack/react-query';
import { receiveShop } from '../../../../common/shop-settings/cache';
import { toast } from '../../../../lib/toast';
import { reportFailure } from '../../failure-message';
import { saveShop } from './api/save-shop';

/**
 * Saves the shop's settings (or pauses or reopens it): what is saved goes into the screens at
 * once, the storefront's included; a refusal names the setting.
 */
export const shopMutations = {
  save: () =>
    mutationOptions({
      mutationFn: (body: ShopUpdateBody) => saveShop(body),
      onSuccess: (answer, _body, _context, { client }) => {
        receiveShop(client, answer.shop, answer.zipcodes);
        toast.success(answer.message);
      },
      onError: reportFailure(SELLER_MESSAGES.saveShopFailed),
    }),
};
