import { addressListAnswerSchema, addressSavedAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/fixtures.js';
import { sampleAddress, signUpShopper } from '../../test/factories.js';
import { AddressSchema } from './address.entity.js';
import { MAX_ADDRESSES } from './address.service.js';

describe('addresses', () => {
  const app = useTestApp();

  test('a shopper adds an address and finds it in their list, phone stored without spaces', async () => {
    const { http } = await signUpShopper(app);
    const added = await http.post('/api/address/add').send({ address: sampleAddress }).expect(201);
    const saved = addressSavedAnswerSchema.parse(added.body).address;
    expect(saved).toMatchObject({ ...sampleAddress, phone: '+919845012345' });

    const list = addressListAnswerSchema.parse(
      (await http.get('/api/address/get').expect(200)).body,
    );
    expect(list.addresses).toEqual([saved]);
  });

  test('the list holds only the shopper own addresses; a userId in the body is ignored', async () => {
    const owner = await signUpShopper(app);
    const other = await signUpShopper(app);
    await other.http
      .post('/api/address/add')
      .send({ userId: owner.id, address: { ...sampleAddress, city: 'Mysuru' } })
      .expect(201);

    expect((await owner.http.get('/api/address/get')).body.addresses).toEqual([]);
    expect((await other.http.get('/api/address/get')).body.addresses).toHaveLength(1);
  });

  test.each([
    [{ ...sampleAddress, zipcode: '' }, 'zipcode is required'],
    [{ ...sampleAddress, zipcode: '56A001' }, 'zipcode must be 4 to 10 digits'],
    [{ ...sampleAddress, email: 'nope' }, 'email must be a valid email address'],
    [{ ...sampleAddress, firstName: '   ' }, 'firstName is required'],
    [
      { ...sampleAddress, street: '12 MG Road\u0007' },
      'street must not contain control characters (such as a tab or a line break)',
    ],
    [
      { ...sampleAddress, city: 'Bengaluru\n560001' },
      'city must not contain control characters (such as a tab or a line break)',
    ],
  ])('add refuses %j with 400 "%s" and saves nothing', async (address, message) => {
    const { http } = await signUpShopper(app);
    await http
      .post('/api/address/add')
      .send({ address })
      .expect(400, { success: false, message, code: 'INVALID' });
    expect((await http.get('/api/address/get')).body.addresses).toEqual([]);
  });

  test('a shopper updates their own address', async () => {
    const { http } = await signUpShopper(app);
    const { address } = (await http.post('/api/address/add').send({ address: sampleAddress })).body;

    const response = await http
      .put(`/api/address/update/${address._id}`)
      .send({ address: { ...sampleAddress, street: '99 Church Street' } })
      .expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Address updated successfully',
      address: { _id: address._id, street: '99 Church Street' },
    });
  });

  test("updating another shopper's address is a 404 and changes nothing", async () => {
    const owner = await signUpShopper(app);
    const other = await signUpShopper(app);
    const { address } = (await owner.http.post('/api/address/add').send({ address: sampleAddress }))
      .body;

    await other.http
      .put(`/api/address/update/${address._id}`)
      .send({ address: { ...sampleAddress, street: 'Hijacked' } })
      .expect(404, { success: false, message: 'Address not found', code: 'NOT_FOUND' });
    expect((await owner.http.get('/api/address/get')).body.addresses[0].street).toBe(
      sampleAddress.street,
    );
  });

  test('update with a malformed id is a 400 naming the id', async () => {
    const { http } = await signUpShopper(app);
    await http
      .put('/api/address/update/123')
      .send({ address: sampleAddress })
      .expect(400, { success: false, message: 'id must be a valid id', code: 'INVALID' });
  });

  test('40 concurrent adds by a shopper holding 30 addresses stop at exactly 50; the other 20 are refused', async () => {
    const { http, id } = await signUpShopper(app);
    const em = app.orm.em.fork();
    for (let index = 0; index < 30; index += 1)
      em.create(AddressSchema, { ...sampleAddress, street: `${index} MG Road`, user: id });
    await em.flush();

    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        http
          .post('/api/address/add')
          .send({ address: { ...sampleAddress, street: `${index} Church Street` } })
          .then((response) => response),
      ),
    );

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(20);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        success: false,
        message: `You can save at most ${MAX_ADDRESSES} addresses`,
        code: 'CONFLICT',
      });
    }
    expect(await app.orm.em.fork().count(AddressSchema, { user: id })).toBe(MAX_ADDRESSES);
  });

  test('every address call is a 401 without a session', async () => {
    await app.http().get('/api/address/get').expect(401);
    await app.http().post('/api/address/add').send({ address: sampleAddress }).expect(401);
    await app
      .http()
      .put('/api/address/update/01890a5d-ac96-774b-bcce-b302099a8057')
      .send({ address: sampleAddress })
      .expect(401);
  });
});
