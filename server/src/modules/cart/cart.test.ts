import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { createProduct, signUpShopper } from '../../test/factories.js';

describe('POST /api/cart/update', () => {
  const app = useTestApp();

  test('saves the signed-in shopper cart, which is-auth then answers', async () => {
    const { http } = await signUpShopper(app);
    const product = await createProduct(app.orm.em.fork());

    await http
      .post('/api/cart/update')
      .send({ cartItems: { [product.id]: 3 } })
      .expect(200, { success: true, message: 'Cart Updated' });

    const auth = await http.get('/api/user/is-auth').expect(200);
    expect(auth.body.user.cartItems).toEqual({ [product.id]: 3 });
  });

  test('ignores a userId in the body: another shopper cart is never touched', async () => {
    const victim = await signUpShopper(app);
    const attacker = await signUpShopper(app);
    const product = await createProduct(app.orm.em.fork());

    await attacker.http
      .post('/api/cart/update')
      .send({ userId: victim.id, cartItems: { [product.id]: 9 } })
      .expect(200);

    expect((await victim.http.get('/api/user/is-auth')).body.user.cartItems).toEqual({});
    expect((await attacker.http.get('/api/user/is-auth')).body.user.cartItems).toEqual({
      [product.id]: 9,
    });
  });

  test.each([
    [{ cartItems: { 'not-an-id': 1 } }, 'cartItems keys must be product ids'],
    [{ cartItems: [] }, 'cartItems must be an object of product id to quantity'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const { http } = await signUpShopper(app);
    await http
      .post('/api/cart/update')
      .send(body)
      .expect(400, { success: false, message, code: 'INVALID' });
  });

  test('refuses a quantity outside 1–999 or an unknown product with 400, keeping the cart', async () => {
    const { http } = await signUpShopper(app);
    const product = await createProduct(app.orm.em.fork());
    await http
      .post('/api/cart/update')
      .send({ cartItems: { [product.id]: 2 } })
      .expect(200);
    const unknown = '01890a5d-ac96-774b-bcce-b302099a8057';

    const zero = await http
      .post('/api/cart/update')
      .send({ cartItems: { [product.id]: 0 } })
      .expect(400);
    expect(zero.body.message).toBe(
      'cartItems quantities must be a whole number: pieces from 1 to 999, grams or millilitres from 1 to 1000000',
    );
    // A thousand pieces: the request takes it (it could be grams), the product's unit does not.
    const thousand = await http
      .post('/api/cart/update')
      .send({ cartItems: { [product.id]: 1000 } })
      .expect(400);
    expect(thousand.body).toMatchObject({
      code: 'INVALID',
      message: `cartItems: ${product.name}: quantity must be an integer from 1 to 999`,
    });
    const missing = await http
      .post('/api/cart/update')
      .send({ cartItems: { [product.id]: 1, [unknown]: 1 } })
      .expect(400);
    expect(missing.body.message).toBe(`cartItems: no product with id ${unknown}`);

    expect((await http.get('/api/user/is-auth')).body.user.cartItems).toEqual({ [product.id]: 2 });
  });

  test('is a 401 without a session', async () => {
    await app.http().post('/api/cart/update').send({ cartItems: {} }).expect(401);
  });
});
