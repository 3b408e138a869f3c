import { SELLER_MESSAGES, type ShopUpdateBody } from '@kirana/shared';
import { mutationOptions } from '@tanstack/react-query';
import { receiveShop } from '../../../../common/shop-settings/cache';
import { store } from '../../../../lib/store';
import { toast } from '../../../../lib/toast';
import { errorText, failureMessage, isSessionLost } from '../../failure-message';
import { sessionLostAtom } from '../../session/seller-auth';
import { saveShop } from './api/save-shop';

/**
 * Saves the shop's settings (or pauses or reopens it): what is saved goes into the screens at
 * once, the storefront's included; a refusal names the setting.
 */
export const saveShopMutation = () =>
  mutationOptions({
    mutationFn: (body: ShopUpdateBody) => saveShop(body),
    onSuccess: (answer, _body, _context, { client }) => {
      receiveShop(client, answer.shop, answer.zipcodes);
      toast.success(answer.message);
    },
    onError: (error) => {
      if (isSessionLost(error)) return store.set(sessionLostAtom, errorText(error));
      toast.error(failureMessage(error, SELLER_MESSAGES.saveShopFailed));
    },
  });
