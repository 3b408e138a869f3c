import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrationErrors } from './storefront-state';

const MISMATCH = new Error('Minified React error #418; visit https://react.dev/errors/418');

describe('hydrationErrors', () => {
  const reported = vi.fn();
  vi.stubGlobal('reportError', reported);
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterEach(() => vi.clearAllMocks());

  const pageClient = () => {
    const client = new QueryClient();
    client.setQueryData(['products', 'fruits'], { products: ['apple'] });
    return client;
  };

  it('reports a mismatch while the server’s answers are unchanged: the page’s own fault', () => {
    const onError = hydrationErrors(pageClient());
    onError(MISMATCH);
    expect(reported).toHaveBeenCalledWith(MISMATCH);
    expect(warned).not.toHaveBeenCalled();
  });

  it('warns of a mismatch once an answer the page was rendered from has changed (a live update)', () => {
    const client = pageClient();
    const onError = hydrationErrors(client);
    // The same answer again (a refetch of unchanged data) is no change.
    client.setQueryData(['products', 'fruits'], (held: unknown) => held);
    onError(MISMATCH);
    expect(reported).toHaveBeenCalledTimes(1);
    client.setQueryData(['products', 'fruits'], { products: [] });
    onError(MISMATCH);
    expect(warned).toHaveBeenCalledTimes(1);
    expect(reported).toHaveBeenCalledTimes(1);
  });

  it('reports any other recoverable error', () => {
    const client = pageClient();
    const onError = hydrationErrors(client);
    client.setQueryData(['products', 'fruits'], { products: [] });
    const other = new Error('something else');
    onError(other);
    expect(reported).toHaveBeenCalledWith(other);
  });
});
