import {
  addressAddBodySchema,
  addressUpdateBodySchema,
  idField,
  MESSAGES,
  type AddressListAnswer,
  type AddressSavedAnswer,
} from '@kirana/shared';
import Router from '@koa/router';
import { requireSession } from '../session/auth.js';
import type { AppContext, AppState } from '../../lib/context.js';
import { presentAddress } from './address.presenter.js';
import { addAddress, listAddresses, updateAddress } from './address.service.js';

export function addressRoutes(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>({ prefix: '/api/address' });

  router.get('/get', async (ctx) => {
    const addresses = await listAddresses(ctx.em, await requireSession(ctx, 'user'));
    ctx.body = {
      success: true,
      addresses: addresses.map(presentAddress),
    } satisfies AddressListAnswer;
  });

  // `userId` in the body is ignored: the address is saved for the signed-in shopper.
  router.post('/add', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const { address } = addressAddBodySchema.parse(ctx.request.body);
    const saved = await addAddress(ctx.em, userId, address);
    ctx.status = 201;
    ctx.body = {
      success: true,
      message: 'Address added',
      address: presentAddress(saved),
    } satisfies AddressSavedAnswer;
  });

  router.put('/update/:id', async (ctx) => {
    const userId = await requireSession(ctx, 'user');
    const id = idField('id').parse(ctx.params.id);
    const { address } = addressUpdateBodySchema.parse(ctx.request.body);
    const saved = await updateAddress(ctx.em, userId, id, address);
    ctx.body = {
      success: true,
      message: MESSAGES.addressUpdated,
      address: presentAddress(saved),
    } satisfies AddressSavedAnswer;
  });

  return router;
}
