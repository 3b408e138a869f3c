import { agentDutyAnswerSchema, agentListAnswerSchema, MESSAGES } from '@kirana/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp, useSeller } from '../../test/fixtures.js';
import { signInAgent } from '../../test/factories.js';
import { connect, listen } from '../../test/sockets.js';

describe('agents on and off duty', () => {
  const app = useTestApp();
  const seller = useSeller(app);

  const onDutyAtCounter = async (agentId: string) =>
    agentListAnswerSchema
      .parse((await seller.get('/api/agents').expect(200)).body)
      .agents.find((agent) => agent._id === agentId)?.onDuty;

  test('an agent goes off duty and on again; the counter sees it live', async () => {
    const ravi = await signInAgent(app, 'Ravi');
    const counter = listen(await connect(app.socket('seller', seller)));
    expect((await ravi.http.get('/api/agents/is-auth').expect(200)).body.agent.onDuty).toBe(true);

    const off = agentDutyAnswerSchema.parse(
      (await ravi.http.put('/api/agents/duty').send({ onDuty: false }).expect(200)).body,
    );
    expect(off).toMatchObject({ message: MESSAGES.offDuty, agent: { onDuty: false } });
    await counter.waitFor('agents:updated');
    expect(await onDutyAtCounter(ravi.agent.id)).toBe(false);
    // Saying it again changes nothing, and succeeds.
    await ravi.http.put('/api/agents/duty').send({ onDuty: false }).expect(200);

    const on = await ravi.http.put('/api/agents/duty').send({ onDuty: true }).expect(200);
    expect(on.body).toMatchObject({ message: MESSAGES.onDuty, agent: { onDuty: true } });
    expect(await onDutyAtCounter(ravi.agent.id)).toBe(true);
  });

  test.each([[{}], [{ onDuty: 'yes' }], [{ onDuty: 1 }]])(
    'a duty switch of %j is refused with 400',
    async (body) => {
      const ravi = await signInAgent(app, 'Ravi');
      await ravi.http
        .put('/api/agents/duty')
        .send(body)
        .expect(400, { success: false, message: 'onDuty must be true or false', code: 'INVALID' });
    },
  );

  test('only a signed-in agent switches their own duty', async () => {
    await app.agent().put('/api/agents/duty').send({ onDuty: false }).expect(401);
    await seller.put('/api/agents/duty').send({ onDuty: false }).expect(401);
  });
});
