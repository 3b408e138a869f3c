import {
  AGENT_INVITE_CODE,
  agentAuthAnswerSchema,
  agentInviteAnswerSchema,
  agentListAnswerSchema,
  agentPairAnswerSchema,
  MESSAGES,
} from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import type { Browser } from '../../test/app.js';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { createAgent, pairPhone, signInAgent, signUpShopper } from '../../test/factories.js';
import { connect, disconnection } from '../../test/sockets.js';
import { hashToken } from '../session/session.service.js';
import { PushSubscriptionSchema } from '../push/push-subscription.entity.js';
import { SessionSchema } from '../session/session.entity.js';
import { AgentDeviceSchema, AgentInviteSchema } from './agent-device.entity.js';

const DAY = 24 * 60 * 60 * 1000;

let addressCount = 0;
/** A client address of its own (the app trusts X-Forwarded-For), so throttles never overlap. */
const newAddress = () => {
  addressCount += 1;
  return { 'X-Forwarded-For': `10.77.${Math.floor(addressCount / 250)}.${addressCount % 250}` };
};

/** The Set-Cookie line of `name` in `response`, if any. */
function setCookie(response: { headers: Record<string, unknown> }, name: string) {
  const lines = (response.headers['set-cookie'] ?? []) as string[];
  return lines.find((line) => line.startsWith(`${name}=`));
}

describe('paired agent phones (AGENT_LOGIN=paired)', () => {
  const app = useTestApp({ trustProxy: true });
  const seller = useSeller(app);

  const invite = async (agentId: string) =>
    agentInviteAnswerSchema.parse(
      (await seller.post(`/api/agents/${agentId}/invite`).expect(201)).body,
    );
  const sessionsOf = (agentId: string) =>
    app.orm.em.fork().count(SessionSchema, { kind: 'agent', subjectId: agentId });
  const login = (http: Browser, phone: string) =>
    http.post('/api/agents/login').set(newAddress()).send({ phone });

  test('only the seller invites: a one-time link to /agents/join with a long code, valid 24 h; only its hash is kept', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Invited');
    const shopper = await signUpShopper(app);
    const other = await signInAgent(app, 'Other');
    for (const http of [app.http(), shopper.http, other.http]) {
      await http.post(`/api/agents/${agent.id}/invite`).expect(401, {
        success: false,
        message: 'Please log in as the seller',
        code: 'UNAUTHENTICATED',
      });
    }
    expect(await app.orm.em.fork().count(AgentInviteSchema, { agent: agent.id })).toBe(0);

    const before = Date.now();
    const answer = await invite(agent.id);
    expect(answer.code).toMatch(AGENT_INVITE_CODE);
    const url = new URL(answer.url);
    expect(url.origin + url.pathname).toBe(`${app.url}/agents/join`);
    expect(url.searchParams.get('code')).toBe(answer.code);
    const expiresAt = Date.parse(answer.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + DAY);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + DAY);

    const [row] = await app.orm.em.fork().find(AgentInviteSchema, { agent: agent.id });
    expect(row?.codeHash).toBe(hashToken(answer.code));
    expect(JSON.stringify(row)).not.toContain(answer.code);
  });

  test('inviting an unknown or removed agent is a 404, a malformed id a 400', async () => {
    const removed = await createAgent(app.orm.em.fork(), 'Gone');
    await seller.delete(`/api/agents/${removed.id}`).expect(200);
    for (const id of [removed.id, '01900000-0000-7000-8000-000000000000']) {
      await seller
        .post(`/api/agents/${id}/invite`)
        .expect(404, { success: false, message: 'Agent not found', code: 'NOT_FOUND' });
    }
    await seller
      .post('/api/agents/not-an-id/invite')
      .expect(400, { success: false, message: 'id must be a valid id', code: 'INVALID' });
  });

  test('opening the invite pairs the phone: a signed, httpOnly, year-long device cookie for the agents’ API only', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Pairing');
    const { code } = await invite(agent.id);
    const phone = app.agent();
    const response = await phone.post('/api/agents/pair').send({ code }).expect(200);
    expect(agentPairAnswerSchema.parse(response.body)).toEqual({
      success: true,
      message: MESSAGES.phonePaired,
      agent: { name: 'Pairing', phone: agent.phone },
    });

    const cookie = setCookie(response, 'kirana_agent_device');
    expect(cookie).toMatch(/; path=\/api\/agents;/);
    expect(cookie).toMatch(/; httponly/);
    expect(cookie).toMatch(/; samesite=lax/);
    expect(setCookie(response, 'kirana_agent_device.sig')).toBeDefined();
    const expires = Date.parse(/expires=([^;]+)/.exec(cookie!)![1]!);
    expect(expires).toBeGreaterThan(Date.now() + 360 * DAY);

    // The table holds the credential's hash only, and the invite is used up.
    const credential = /^kirana_agent_device=([^;]+)/.exec(cookie!)![1]!;
    const em = app.orm.em.fork();
    const [device] = await em.find(AgentDeviceSchema, { agent: agent.id });
    expect(device).toMatchObject({ credentialHash: hashToken(credential), revokedAt: null });
    expect((await em.findOneOrFail(AgentInviteSchema, { agent: agent.id })).usedAt).not.toBeNull();
    // Pairing is not signing in.
    expect(await sessionsOf(agent.id)).toBe(0);
  });

  test('the counter sees whether an agent’s phone is paired: not until the invite is opened, not again after a re-invite', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Unpaired');
    const canSignIn = async () => {
      const { agents } = agentListAnswerSchema.parse(
        (await seller.get('/api/agents').expect(200)).body,
      );
      return agents.find((listed) => listed._id === agent.id)?.canSignIn;
    };
    expect(await canSignIn()).toBe(false);
    const { code } = await invite(agent.id);
    expect(await canSignIn()).toBe(false);
    await app.agent().post('/api/agents/pair').send({ code }).expect(200);
    expect(await canSignIn()).toBe(true);
    await invite(agent.id);
    expect(await canSignIn()).toBe(false);
  });

  test('the paired phone signs in with the number alone; any other browser is told to ask the shop, and gets no session', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Paired');
    const { http: phone } = await pairPhone(app, agent.id);

    const elsewhere = app.agent();
    await login(elsewhere, agent.phone).expect(403, {
      success: false,
      message: MESSAGES.agentNotPaired,
      code: 'NOT_PAIRED',
    });
    expect(await sessionsOf(agent.id)).toBe(0);
    await elsewhere.get('/api/agents/is-auth').expect(401);

    // A forged device cookie is no pairing either.
    const forged = app.agent();
    await forged
      .post('/api/agents/login')
      .set(newAddress())
      .set('Cookie', 'kirana_agent_device=guessed; kirana_agent_device.sig=guessed')
      .send({ phone: agent.phone })
      .expect(403, { success: false, message: MESSAGES.agentNotPaired, code: 'NOT_PAIRED' });

    const signedIn = await login(phone, agent.phone.replace(/(\d{5})$/, ' $1')).expect(200);
    expect(agentAuthAnswerSchema.parse(signedIn.body).agent).toMatchObject({ _id: agent.id });
    expect(setCookie(signedIn, 'kirana_agent_device')).toBeDefined();
    await phone.get('/api/agents/is-auth').expect(200);
    expect(await sessionsOf(agent.id)).toBe(1);
  });

  test('a paired phone signs in only as its own agent', async () => {
    const [mine, theirs] = [
      await createAgent(app.orm.em.fork(), 'Mine'),
      await createAgent(app.orm.em.fork(), 'Theirs'),
    ];
    const { http: phone } = await pairPhone(app, mine.id);
    await login(phone, theirs.phone).expect(403, {
      success: false,
      message: MESSAGES.agentPairedToAnother,
      code: 'PAIRED_TO_ANOTHER',
    });
    await login(phone, '+910000000000').expect(403);
    expect(await sessionsOf(theirs.id)).toBe(0);
    await login(phone, mine.phone).expect(200);
  });

  test('of 10 phones racing with one invite code, exactly one pairs', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Raced');
    const { code } = await invite(agent.id);
    const phones = Array.from({ length: 10 }, () => app.agent());
    const answers = await Promise.all(
      phones.map((phone) => phone.post('/api/agents/pair').set(newAddress()).send({ code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array(9).fill(403)]);
    for (const answer of answers.filter(({ status }) => status === 403))
      expect(answer.body).toEqual({
        success: false,
        message: MESSAGES.inviteUsed,
        code: 'INVITE_USED',
      });
    expect(await app.orm.em.fork().count(AgentDeviceSchema, { agent: agent.id })).toBe(1);

    const winner = phones[answers.findIndex(({ status }) => status === 200)]!;
    await login(winner, agent.phone).expect(200);
    for (const loser of phones.filter((phone) => phone !== winner))
      await login(loser, agent.phone).expect(403);
  });

  test('unknown, used and expired codes are refused with what to do; a malformed one is a 400', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Expired');
    const pair = (code: unknown) =>
      app.http().post('/api/agents/pair').set(newAddress()).send({ code });

    await pair('A'.repeat(24)).expect(403, {
      success: false,
      message: MESSAGES.inviteNotValid,
      code: 'INVITE_NOT_VALID',
    });
    await pair('short').expect(400, {
      success: false,
      message: MESSAGES.inviteCodeMalformed,
      code: 'INVALID',
    });
    await pair(undefined).expect(400, {
      success: false,
      message: MESSAGES.inviteCodeRequired,
      code: 'INVALID',
    });

    const { code } = await invite(agent.id);
    const em = app.orm.em.fork();
    await em.nativeUpdate(
      AgentInviteSchema,
      { codeHash: hashToken(code) },
      { expiresAt: new Date(Date.now() - 1000) },
    );
    await pair(code).expect(403, {
      success: false,
      message: MESSAGES.inviteExpired,
      code: 'INVITE_EXPIRED',
    });
    expect(await em.count(AgentDeviceSchema, { agent: agent.id })).toBe(0);

    const fresh = await invite(agent.id);
    await pair(fresh.code).expect(200);
    await pair(fresh.code).expect(403, {
      success: false,
      message: MESSAGES.inviteUsed,
      code: 'INVITE_USED',
    });
  });

  test('re-inviting revokes the old phone: its live session and socket end, and it signs in no more', async () => {
    const { http: oldPhone, agent } = await signInAgent(app, 'Reinvited');
    const socket = await connect(app.socket('agents', oldPhone));

    const dropped = disconnection(socket);
    const unused = await invite(agent.id);
    expect(await dropped).toBe('io server disconnect');
    await oldPhone.get('/api/agents/orders/visible').expect(401);
    await login(oldPhone, agent.phone).expect(403, {
      success: false,
      message: MESSAGES.agentNotPaired,
      code: 'NOT_PAIRED',
    });

    // A newer invite voids the one before it, never used.
    const { code } = await invite(agent.id);
    await app
      .http()
      .post('/api/agents/pair')
      .set(newAddress())
      .send({ code: unused.code })
      .expect(403, { success: false, message: MESSAGES.inviteNotValid, code: 'INVITE_NOT_VALID' });

    const newPhone = app.agent();
    await newPhone.post('/api/agents/pair').send({ code }).expect(200);
    await login(newPhone, agent.phone).expect(200);
    const devices = await app.orm.em.fork().find(AgentDeviceSchema, { agent: agent.id });
    expect(devices.filter((device) => device.revokedAt === null)).toHaveLength(1);
  });

  test('a re-invite racing sign-ins on the old phone leaves no session behind', async () => {
    const { http: oldPhone, agent } = await signInAgent(app, 'Racing');
    const attempts = Array.from({ length: 10 }, () => login(oldPhone, agent.phone));
    const [answers] = await Promise.all([
      Promise.all(attempts.map(async (attempt) => (await attempt).status)),
      invite(agent.id),
    ]);
    expect(answers.every((status) => status === 200 || status === 403)).toBe(true);
    expect(await sessionsOf(agent.id)).toBe(0);
    await oldPhone.get('/api/agents/is-auth').expect(401);
  });

  test('removing the agent revokes their phones and invites', async () => {
    const { http: phone, agent } = await signInAgent(app, 'Removed');
    const pending = await invite(agent.id);
    await seller.delete(`/api/agents/${agent.id}`).expect(200);

    await phone.get('/api/agents/is-auth').expect(401);
    await login(phone, agent.phone).expect(403, {
      success: false,
      message: MESSAGES.agentNotPaired,
      code: 'NOT_PAIRED',
    });
    await app
      .http()
      .post('/api/agents/pair')
      .set(newAddress())
      .send({ code: pending.code })
      .expect(403, { success: false, message: MESSAGES.inviteNotValid, code: 'INVITE_NOT_VALID' });
    const em = app.orm.em.fork();
    expect(await em.count(AgentDeviceSchema, { agent: agent.id, revokedAt: null })).toBe(0);
    expect(
      await em.count(AgentInviteSchema, { agent: agent.id, usedAt: null, revokedAt: null }),
    ).toBe(0);
  });

  test('refused sign-ins from unpaired browsers count per address, without locking the agent out', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Targeted');
    const { http: phone } = await pairPhone(app, agent.id);
    const attacker = newAddress();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await app
        .http()
        .post('/api/agents/login')
        .set(attacker)
        .send({ phone: agent.phone });
      answers.push(response.status);
    }
    expect(answers).toEqual([...Array(10).fill(403), 429]);
    await login(phone, agent.phone).expect(200);
  });

  test('a revoked phone’s cookie, or a removed agent’s, counts nothing against another agent’s number: that agent still signs in from a new address', async () => {
    const { http: reinvitedPhone, agent: reinvited } = await signInAgent(app, 'Reinvited again');
    await invite(reinvited.id);
    const { http: removedPhone, agent: removed } = await signInAgent(app, 'Removed since');
    await seller.delete(`/api/agents/${removed.id}`).expect(200);
    const victim = await createAgent(app.orm.em.fork(), 'Victim');
    const { http: victimPhone } = await pairPhone(app, victim.id);

    // More refusals than the per-number limit (20 an hour across addresses), 10 an address.
    const answers: number[] = [];
    for (const phone of [reinvitedPhone, removedPhone, reinvitedPhone]) {
      const from = newAddress();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const response = await phone
          .post('/api/agents/login')
          .set(from)
          .send({ phone: victim.phone });
        answers.push(response.status);
      }
    }
    expect(answers).toEqual(Array(30).fill(403));
    await login(victimPhone, victim.phone).expect(200);
  });

  test('a phone unused for more than 90 days is unpaired: its sign-in is refused and its pairing revoked', async () => {
    const { http: phone, agent } = await signInAgent(app, 'Away');
    await phone.post('/api/agents/logout').expect(200);
    const em = app.orm.em.fork();
    em.create(PushSubscriptionSchema, {
      agent: agent.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/away-${agent.id}`,
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
    });
    await em.flush();
    await em.nativeUpdate(
      AgentDeviceSchema,
      { agent: agent.id },
      { lastSeenAt: new Date(Date.now() - 91 * DAY) },
    );

    await login(phone, agent.phone).expect(403, {
      success: false,
      message: MESSAGES.agentNotPaired,
      code: 'NOT_PAIRED',
    });
    expect(await sessionsOf(agent.id)).toBe(0);
    const [device] = await em.find(AgentDeviceSchema, { agent: agent.id }, { refresh: true });
    expect(device?.revokedAt).not.toBeNull();
    // As when the shop revokes a phone, it hears of no more orders.
    expect(await em.count(PushSubscriptionSchema, { agent: agent.id })).toBe(0);
    // Gone for good: using it again the next day changes nothing.
    await em.nativeUpdate(AgentDeviceSchema, { agent: agent.id }, { lastSeenAt: new Date() });
    await login(phone, agent.phone).expect(403);

    // A new invite pairs the phone again.
    const { code } = await invite(agent.id);
    await phone.post('/api/agents/pair').send({ code }).expect(200);
    await login(phone, agent.phone).expect(200);
  });

  test('a phone used within 90 days signs in, and each use (a sign-in, or the app opening) keeps it paired', async () => {
    const { http: phone, agent } = await signInAgent(app, 'Steady');
    const em = app.orm.em.fork();
    const lastSeen = async () =>
      (await em.findOneOrFail(AgentDeviceSchema, { agent: agent.id }, { refresh: true }))
        .lastSeenAt;
    const setLastSeen = (daysAgo: number) =>
      em.nativeUpdate(
        AgentDeviceSchema,
        { agent: agent.id },
        { lastSeenAt: new Date(Date.now() - daysAgo * DAY) },
      );

    // Signed in on day 0, the app opened every day since on its rolling session.
    await setLastSeen(89);
    const before = Date.now();
    await phone.get('/api/agents/is-auth').expect(200);
    expect((await lastSeen()).getTime()).toBeGreaterThanOrEqual(before - 1000);

    await setLastSeen(89);
    await login(phone, agent.phone).expect(200);
    expect((await lastSeen()).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  test('refused invite codes count per address: guessing is throttled', async () => {
    const guesser = newAddress();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await app
        .http()
        .post('/api/agents/pair')
        .set(guesser)
        .send({ code: `${'g'.repeat(20)}${String(attempt).padStart(4, '0')}` });
      answers.push(response.status);
    }
    expect(answers).toEqual([...Array(10).fill(403), 429]);
  });
});

describe('the bare phone login (AGENT_LOGIN=phone)', () => {
  const app = useTestApp({ agentLogin: 'phone' });

  test('an agent signs in by phone number from any browser, as the spec shows', async () => {
    const agent = await createAgent(app.orm.em.fork(), 'Bare');
    const http = app.agent();
    const response = await http.post('/api/agents/login').send({ phone: agent.phone }).expect(200);
    expect(agentAuthAnswerSchema.parse(response.body).agent._id).toBe(agent.id);
    await http.get('/api/agents/is-auth').expect(200);
    await app.http().post('/api/agents/login').send({ phone: '+910000000000' }).expect(401, {
      success: false,
      message: 'No agent is registered with this phone number',
      code: 'PHONE_NOT_REGISTERED',
    });
  });
});
