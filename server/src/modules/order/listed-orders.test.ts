import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createAgent, createProduct, sampleAddress, signUpShopper } from '../../test/factories.js';
import { OrderItemSchema, OrderSchema } from './order.entity.js';
import { presentSellerOrder } from './order.presenter.js';
import { readListedOrders } from './order-reads.js';

describe('readListedOrders: orders read in one plain query, for the live updates', () => {
  const app = useTestApp();

  test('present exactly as the same orders loaded as entities, in every state an order can be in', async () => {
    const em = app.orm.em.fork();
    const { id: userId } = await signUpShopper(app);
    const agent = await createAgent(em, 'Ravi Kumar');
    const dal = await createProduct(em, { name: 'Toor Dal', offerPricePaise: 3333, weight: null });
    const rice = await createProduct(em, {
      name: 'Sona Masoori',
      images: ['/uploads/rice-800.webp', '/uploads/rice-2-800.webp'],
    });
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 24, 9, minutes, 12, 345));
    const base = {
      user: userId,
      address: { addressId: '01890a5d-ac96-774b-bcce-b302099a8057', ...sampleAddress },
      subtotalPaise: 12_000,
      taxPaise: 240,
      amountPaise: 12_240,
      createdAt: at(1),
      updatedAt: at(2),
    };
    const orders = [
      em.create(OrderSchema, { ...base, paymentType: 'COD' }),
      em.create(OrderSchema, {
        ...base,
        paymentType: 'COD',
        status: 'Picked',
        assignedTo: agent,
        assignedAt: at(3),
      }),
      em.create(OrderSchema, {
        ...base,
        paymentType: 'COD',
        status: 'Cancelled',
        cancelledAt: at(4),
        cancelledBy: 'seller',
        cancelReason: 'The shop closed early',
      }),
      em.create(OrderSchema, { ...base, paymentType: 'Online', expiresAt: at(30) }),
      em.create(OrderSchema, {
        ...base,
        paymentType: 'Online',
        isPaid: true,
        paidAt: at(5),
        paidVia: 'online',
        status: 'Delivered',
        assignedTo: agent,
        refundPaise: 500,
        refundStatus: 'pending',
      }),
    ];
    for (const order of orders) {
      // Items out of their display order, to see them come back by position.
      em.create(OrderItemSchema, {
        order,
        position: 1,
        product: rice,
        quantity: 3,
        unitPricePaise: 9_000,
      });
      em.create(OrderItemSchema, {
        order,
        position: 0,
        product: dal,
        quantity: 1,
        unitPricePaise: 3_000,
      });
    }
    await em.flush();
    const ids = orders.map((order) => order.id);

    const listed = await readListedOrders(app.orm.em.fork(), [
      ...ids,
      '01890a5d-ac96-774b-bcce-b302099a8058', // no such order: left out
    ]);
    const loaded = await app.orm.em
      .fork()
      .find(OrderSchema, { id: { $in: ids } }, { populate: ['items.product', 'assignedTo'] });

    const publicUrl = 'https://shop.example.in';
    const present = (list: Parameters<typeof presentSellerOrder>[0][]) =>
      new Map(list.map((order) => [order.id, presentSellerOrder(order, publicUrl)]));
    const fromQuery = present(listed);
    expect([...fromQuery.keys()].sort()).toEqual([...ids].sort());
    expect(fromQuery).toEqual(present(loaded));
    expect(fromQuery.get(orders[1]!.id)).toMatchObject({
      assignedTo: { _id: agent.id, name: 'Ravi Kumar', phone: agent.phone },
      items: [
        { product: { name: 'Toor Dal', offerPrice: 30 }, quantity: 1 },
        {
          product: {
            name: 'Sona Masoori',
            image: [
              'https://shop.example.in/uploads/rice-800.webp',
              'https://shop.example.in/uploads/rice-2-800.webp',
            ],
          },
          quantity: 3,
        },
      ],
      createdAt: '2026-11-24T09:01:12.345Z',
    });
  });

  test('no ids: no orders', async () => {
    expect(await readListedOrders(app.orm.em.fork(), [])).toEqual([]);
  });
});
