import { productListAnswerSchema, productSavedAnswerSchema, type Product } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import {
  createProduct,
  picture,
  placeCodOrder,
  signInAgent,
  signUpShopper,
} from '../../test/factories.js';
import { connect, listen } from '../../test/sockets.js';
import { OrderItemSchema } from '../order/order.entity.js';
import { ProductEventSchema, ProductSchema } from './product.entity.js';

const oranges = {
  name: 'Nagpur Oranges',
  description: 'Juicy and sweet',
  category: 'Fruits',
  price: 120,
  offerPrice: 99.5,
  weight: '1 kg',
};

describe('the seller edits and archives products', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  /** A product added through the API with `pictures` PNGs. */
  async function added(pictures = 1): Promise<Product> {
    let request = seller.post('/api/product/add').field('productData', JSON.stringify(oranges));
    for (let index = 0; index < pictures; index += 1)
      request = request.attach('images', await picture('png'), `p${index}.png`);
    return productSavedAnswerSchema.parse((await request.expect(201)).body).product;
  }
  const update = (data: object, http = seller) =>
    http.post('/api/product/update').field('productData', JSON.stringify(data));
  const history = (id: string) =>
    app.orm.em
      .fork()
      .find(ProductEventSchema, { product: id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const listed = async () =>
    productListAnswerSchema.parse((await app.http().get('/api/product/list').expect(200)).body)
      .products;
  /** A product's pictures as stored: relative paths. */
  const paths = (product: Product) => product.image.map((url) => new URL(url).pathname);

  test('changes the fields sent, keeps the rest and the stock, and says what changed in the history; the storefront hears it', async () => {
    const product = await added();
    const storefront = listen(await connect(app.socket('shop')));
    const answer = productSavedAnswerSchema.parse(
      (await update({ id: product._id, name: 'Oranges (Nagpur)', offerPrice: '89.50' }).expect(200))
        .body,
    );
    expect(answer).toMatchObject({
      success: true,
      message: 'Product Updated',
      product: {
        _id: product._id,
        name: 'Oranges (Nagpur)',
        offerPrice: 89.5,
        price: 120,
        category: 'Fruits',
        description: ['Juicy and sweet'],
        weight: '1 kg',
        image: product.image,
        inStock: true,
      },
    });
    expect((await history(product._id)).at(-1)).toMatchObject({
      type: 'edited',
      note: 'name, offer price',
    });
    await storefront.waitFor(
      'product:updated',
      (each: Product) => each._id === product._id && each.name === 'Oranges (Nagpur)',
    );
    expect((await listed()).find((each) => each._id === product._id)?.name).toBe(
      'Oranges (Nagpur)',
    );

    // The same again changes nothing and writes no history.
    const lines = (await history(product._id)).length;
    await update({ id: product._id, name: 'Oranges (Nagpur)' }).expect(200);
    expect(await history(product._id)).toHaveLength(lines);
  });

  test('pictures: in the order given, kept ones by URL (as answered or stored) and new ones by index; the others dropped', async () => {
    const product = await added(3);
    const [first, second, third] = paths(product);
    const answer = productSavedAnswerSchema.parse(
      (
        await update({ id: product._id, image: [0, product.image[2], first] })
          .attach('images', await picture('jpeg'), 'new.jpg')
          .expect(200)
      ).body,
    );
    const after = paths(answer.product);
    expect(after).toHaveLength(3);
    expect(after[0]).toMatch(/^\/uploads\/products\/.+-800\.webp$/);
    expect(after.slice(1)).toEqual([third, first]);
    expect(after).not.toContain(second);
    expect((await history(product._id)).at(-1)?.note).toBe('pictures');

    // Without an order: all it has, then the new one.
    const more = productSavedAnswerSchema.parse(
      (
        await update({ id: product._id })
          .attach('images', await picture('png'), 'more.png')
          .expect(200)
      ).body,
    );
    expect(paths(more.product).slice(0, 3)).toEqual(after);
    expect(paths(more.product)).toHaveLength(4);
  });

  test.each([
    [
      { image: ['/uploads/products/someone-elses-800.webp'] },
      400,
      'image: keep only pictures the product already has',
    ],
    [{ image: [2] }, 400, 'image: there are only 0 new pictures'],
    [{ image: ['a', 'a'] }, 400, 'image must not list a picture twice'],
    [
      { image: [true] },
      400,
      'image must list the pictures in order: the URL of one to keep, or the index of a new one',
    ],
    [{ price: 50 }, 400, 'offerPrice must not exceed price'],
    [{ offerPrice: 500 }, 400, 'offerPrice must not exceed price'],
    [{ name: '   ' }, 400, 'name is required'],
    [{ category: 'Toys' }, 400, 'category: the shop has no category "Toys"'],
    [{ price: 'free' }, 400, 'price must be a number'],
    [{ weight: 'x'.repeat(51) }, 400, 'weight must be at most 50 characters'],
    [
      { name: 'Atta\u0007 5 kg' },
      400,
      'name must not contain control characters (such as a tab or a line break)',
    ],
    [
      { description: 'Stone-ground\u0001|Whole wheat' },
      400,
      'description must not contain control characters (such as a tab or a line break)',
    ],
  ])('%j is a %i naming what is wrong, and changes nothing', async (change, status, message) => {
    const product = await added();
    const before = await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product._id });
    await update({ id: product._id, ...change }).expect(status, {
      success: false,
      message,
      code: 'INVALID',
    });
    const after = await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product._id });
    expect(after).toEqual(before);
  });

  test('more pictures than four, an unknown product, a bad id, or no productData are refused', async () => {
    const product = await added(3);
    let request = update({ id: product._id });
    for (const name of ['a.png', 'b.png'])
      request = request.attach('images', await picture('png'), name);
    await request.expect(400, {
      success: false,
      message: 'images: a product has at most 4 pictures',
      code: 'INVALID',
    });
    await update({ id: '01890a5d-ac96-774b-bcce-b302099a8057', name: 'x' }).expect(404, {
      success: false,
      message: 'Product not found',
      code: 'NOT_FOUND',
    });
    await update({ id: 'nope' }).expect(400, {
      success: false,
      message: 'id must be a valid id',
      code: 'INVALID',
    });
    await seller
      .post('/api/product/update')
      .field('other', 'x')
      .expect(400, { success: false, message: 'productData is required', code: 'INVALID' });
  });

  test('archiving takes a product off the storefront for good; orders that hold it keep it', async () => {
    const product = await added();
    const shopper = await signUpShopper(app);
    const address = await shopper.http
      .post('/api/address/add')
      .send({
        address: {
          firstName: 'Asha',
          lastName: 'Rao',
          email: 'asha@example.com',
          phone: '9876543210',
          street: '12 MG Road',
          city: 'Bengaluru',
          state: 'Karnataka',
          zipcode: '560001',
          country: 'India',
        },
      })
      .expect(201);
    const order = {
      items: [{ product: product._id, quantity: 1 }],
      address: address.body.address._id,
    };
    await shopper.http.post('/api/order/cod').send(order).expect(201);
    const storefront = listen(await connect(app.socket('shop')));

    const answer = productSavedAnswerSchema.parse(
      (await seller.post('/api/product/archive').send({ id: product._id }).expect(200)).body,
    );
    expect(answer).toMatchObject({
      message: 'Product Archived',
      product: { _id: product._id, inStock: false },
    });
    expect(answer.product.archivedAt).not.toBeNull();
    await storefront.waitFor(
      'product:updated',
      (each: Product) => each._id === product._id && each.archivedAt !== null,
    );
    expect((await listed()).some((each) => each._id === product._id)).toBe(false);
    expect((await history(product._id)).at(-1)).toMatchObject({ type: 'archived', inStock: false });

    // Never sold again, edited or switched back on; archiving again changes nothing.
    await shopper.http.post('/api/order/cod').send(order).expect(409, {
      success: false,
      message: 'Nagpur Oranges is no longer sold',
      code: 'CONFLICT',
    });
    const archived = {
      success: false,
      message: 'Nagpur Oranges is archived: it is no longer sold',
      code: 'CONFLICT',
    };
    await update({ id: product._id, name: 'Back' }).expect(409, archived);
    await seller
      .post('/api/product/stock')
      .send({ id: product._id, inStock: true })
      .expect(409, archived);
    await seller.post('/api/product/archive').send({ id: product._id }).expect(200);
    expect((await history(product._id)).filter((line) => line.type === 'archived')).toHaveLength(1);

    // The order placed before shows it as it is.
    const mine = (await shopper.http.get('/api/order/user').expect(200)).body.orders;
    expect(mine[0].items[0].product).toMatchObject({ _id: product._id, name: 'Nagpur Oranges' });
    expect(await app.orm.em.fork().count(OrderItemSchema, { product: product._id })).toBe(1);
  });

  test('units an archived product gets back (a cancelled order) leave it out of stock', async () => {
    const product = await createProduct(app.orm.em.fork(), { stockCount: 1 });
    const shopper = await signUpShopper(app);
    const orderId = await placeCodOrder(app, shopper, product.id);
    await seller.post('/api/product/archive').send({ id: product.id }).expect(200);
    await seller
      .post('/api/order/seller/cancel')
      .send({ orderId, reason: 'No longer sold' })
      .expect(200);
    expect(await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product.id })).toMatchObject({
      stockCount: 1,
      inStock: false,
    });
  });

  test('an unknown product or a bad id is refused; only the seller edits or archives', async () => {
    await seller
      .post('/api/product/archive')
      .send({ id: '01890a5d-ac96-774b-bcce-b302099a8057' })
      .expect(404, { success: false, message: 'Product not found', code: 'NOT_FOUND' });
    await seller
      .post('/api/product/archive')
      .send({})
      .expect(400, { success: false, message: 'id must be a valid id', code: 'INVALID' });
    const product = await added();
    const shopper = await signUpShopper(app);
    const agent = await signInAgent(app);
    for (const http of [app.agent(), shopper.http, agent.http]) {
      await update({ id: product._id, name: 'Mine now' }, http).expect(401);
      await http.post('/api/product/archive').send({ id: product._id }).expect(401);
    }
    const stored = await app.orm.em.fork().findOneOrFail(ProductSchema, { id: product._id });
    expect(stored).toMatchObject({ name: 'Nagpur Oranges', archivedAt: null });
  });
});
