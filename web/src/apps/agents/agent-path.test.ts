import { describe, expect, it } from 'vitest';
import { agentScreenOf } from './agent-path';

describe('agentScreenOf', () => {
  it('maps the two screens, with or without a trailing slash', () => {
    expect(agentScreenOf('/agents')).toBe('active');
    expect(agentScreenOf('/agents/')).toBe('active');
    expect(agentScreenOf('/agents/delivered')).toBe('delivered');
    expect(agentScreenOf('/agents/delivered/')).toBe('delivered');
    expect(agentScreenOf('/agents/cash')).toBe('cash');
  });

  it('knows no other path', () => {
    expect(agentScreenOf('/agents/unknown')).toBeNull();
    expect(agentScreenOf('/agentsdelivered')).toBeNull();
    expect(agentScreenOf('/')).toBeNull();
  });
});
