import { expect } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

/** The ConfigError `loadConfig(env)` throws; fails the test when it returns instead. */
export function expectConfigError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}
