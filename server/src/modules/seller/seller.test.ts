import { describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import { signInSeller, signUpShopper } from '../../test/factories.js';

describe('seller sign-in', () => {
  const app = useTestApp();

  test('the seller logs in, is-auth answers success, and logout ends the session', async () => {
    const { http } = await signInSeller(app);
    await http.get('/api/seller/is-auth').expect(200, { success: true });
    await http.get('/api/seller/logout').expect(200, { success: true, message: 'Logged Out' });
    await http.get('/api/seller/is-auth').expect(401);
  });

  test('a wrong password is a 401; a missing field is a 400 naming it', async () => {
    const { email } = await signInSeller(app);
    await app.http().post('/api/seller/login').send({ email, password: 'not-it' }).expect(401, {
      success: false,
      message: 'Invalid email or password',
      code: 'UNAUTHENTICATED',
    });
    await app
      .http()
      .post('/api/seller/login')
      .send({ email })
      .expect(400, { success: false, message: 'password is required', code: 'INVALID' });
  });

  test('a shopper session is not a seller session', async () => {
    const shopper = await signUpShopper(app);
    await shopper.http.get('/api/seller/is-auth').expect(401);
  });

  test('parallel wrong passwords from one address are capped at 10; a forged X-Forwarded-For does not help', async () => {
    const limited = await createTestApp();
    try {
      const { email } = await signInSeller(limited);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          limited
            .http()
            .post('/api/seller/login')
            .set('X-Forwarded-For', `10.0.0.${index}`)
            .send({ email, password: 'wrong' }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(10);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
    } finally {
      await limited.close();
    }
  });

  test('after 10 attempts from one address within 15 minutes, login is a 429 with Retry-After', async () => {
    const limited = await createTestApp();
    try {
      const { email, password } = await signInSeller(limited); // a success does not count
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await limited
          .http()
          .post('/api/seller/login')
          .send({ email, password: 'wrong' })
          .expect(401);
      }
      const refused = await limited
        .http()
        .post('/api/seller/login')
        .send({ email, password })
        .expect(429);
      expect(refused.body.message).toMatch(/^Too many login attempts/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
