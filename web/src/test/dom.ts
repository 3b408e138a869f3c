// The DOM tests' setup: each test's screen is taken down after it, and a busy machine gets time
// to draw what a test waits for.
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);
