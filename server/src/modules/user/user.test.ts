import { userAuthAnswerSchema, userLoginAnswerSchema } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { createTestApp } from '../../test/app.js';
import { useTestApp } from '../../test/fixtures.js';
import { signUpShopper } from '../../test/factories.js';
import { UserSchema } from './user.entity.js';

const setCookies = (response: { headers: Record<string, unknown> }) =>
  (response.headers['set-cookie'] as string[] | undefined) ?? [];
const cookieOf = (response: { headers: Record<string, unknown> }) =>
  setCookies(response).join('; ');
/** The `name=value` pairs a browser would send back (the session cookie and its signature). */
const sessionCookies = (response: { headers: Record<string, unknown> }) =>
  setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

describe('shopper accounts', () => {
  const app = useTestApp();

  test('register creates the account, signs it in with an httpOnly cookie and answers the user', async () => {
    const http = app.agent();
    const email = `new-${Date.now()}@Example.com`;
    const response = await http
      .post('/api/user/register')
      .send({ name: ' Ravi ', email, password: 'long-enough-pw' })
      .expect(201);

    const answer = userLoginAnswerSchema.parse(response.body);
    expect(answer.user).toMatchObject({ name: 'Ravi', email: email.toLowerCase(), cartItems: {} });
    expect(cookieOf(response)).toMatch(/kirana_user=.*httponly/i);
    expect(cookieOf(response)).toMatch(/samesite=lax/i);
    const stored = await app.orm.em.fork().findOneOrFail(UserSchema, { id: answer.user._id });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);

    const auth = await http.get('/api/user/is-auth').expect(200);
    expect(userAuthAnswerSchema.parse(auth.body).user._id).toBe(answer.user._id);
  });

  test.each([
    [{ email: 'a@example.com', password: 'long-enough-pw' }, 'name is required'],
    [
      { name: 'A', email: 'not-an-email', password: 'long-enough-pw' },
      'email must be a valid email address',
    ],
    [
      { name: 'A', email: 'a@example.com', password: 'short' },
      'password must be at least 8 characters',
    ],
  ])('register refuses %j with 400 "%s"', async (body, message) => {
    const response = await app.http().post('/api/user/register').send(body).expect(400);
    expect(response.body).toEqual({ success: false, message, code: 'INVALID' });
  });

  test('a NUL character in any text is a 400 naming the field, not a database error', async () => {
    await app
      .http()
      .post('/api/user/register')
      .send({ name: 'a\u0000b', email: 'nul@example.com', password: 'long-enough-pw' })
      .expect(400, {
        success: false,
        message: 'name must not contain NUL characters',
        code: 'INVALID',
      });
    await app.http().post('/api/agents/login').send({ phone: '98\u000012' }).expect(400, {
      success: false,
      message: 'phone must not contain NUL characters',
      code: 'INVALID',
    });
  });

  test('register with an email already taken (in any case) is a 409 and creates nothing', async () => {
    const { email } = await signUpShopper(app);
    const response = await app
      .http()
      .post('/api/user/register')
      .send({ name: 'Copy', email: email.toUpperCase(), password: 'long-enough-pw' })
      .expect(409);
    expect(response.body.message).toBe('An account with this email already exists');
    expect(await app.orm.em.fork().count(UserSchema, { email })).toBe(1);
  });

  test('login with the right password signs in; a wrong password or unknown email is one 401', async () => {
    const { email, password } = await signUpShopper(app);
    const login = await app.agent().post('/api/user/login').send({ email, password }).expect(200);
    expect(userLoginAnswerSchema.parse(login.body)).toMatchObject({
      message: 'Logged In',
      user: { email },
    });

    for (const body of [
      { email, password: 'wrong-password' },
      { email: 'nobody@example.com', password },
    ]) {
      const response = await app.http().post('/api/user/login').send(body).expect(401);
      expect(response.body).toEqual({
        success: false,
        message: 'Invalid email or password',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  test('login starts a new session and ends the one the browser had before', async () => {
    const { email, password } = await signUpShopper(app);
    const before = await app.http().post('/api/user/login').send({ email, password }).expect(200);

    const login = await app
      .http()
      .post('/api/user/login')
      .set('Cookie', sessionCookies(before))
      .send({ email, password })
      .expect(200);

    expect(sessionCookies(login)).not.toBe(sessionCookies(before));
    await app.http().get('/api/user/is-auth').set('Cookie', sessionCookies(before)).expect(401);
    await app.http().get('/api/user/is-auth').set('Cookie', sessionCookies(login)).expect(200);
  });

  test('logout ends the session: replaying its cookie afterwards is a 401', async () => {
    const { email, password } = await signUpShopper(app);
    const login = await app.http().post('/api/user/login').send({ email, password }).expect(200);

    await app
      .http()
      .get('/api/user/logout')
      .set('Cookie', sessionCookies(login))
      .expect(200, { success: true, message: 'Logged Out' });

    const response = await app.http().get('/api/user/is-auth').set('Cookie', sessionCookies(login));
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      success: false,
      message: 'Please log in to continue',
      code: 'UNAUTHENTICATED',
    });
  });

  test('shopper login is throttled too: after 10 wrong passwords from one address, a 429', async () => {
    const limited = await createTestApp();
    try {
      const { email, password } = await signUpShopper(limited);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        await limited
          .http()
          .post('/api/user/login')
          .send({ email, password: 'wrong-password' })
          .expect(401);
      }
      await limited.http().post('/api/user/login').send({ email, password }).expect(429);
    } finally {
      await limited.close();
    }
  });

  test('is-auth without a session is a 401 in the error envelope', async () => {
    const response = await app.http().get('/api/user/is-auth').expect(401);
    expect(response.body.success).toBe(false);
  });
});
