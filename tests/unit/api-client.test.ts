import { describe, expect, it, vi } from 'vitest';
import { createApiClient, NETWORK_ERROR_MESSAGE } from '../../src/api/client';

describe('the API client when the network is down', () => {
  it('rejects with the Italian message (never "Failed to fetch") and raises the toast once', async () => {
    const onUnexpectedError = vi.fn();
    const api = createApiClient({
      baseUrl: 'http://pizzeria.test',
      onUnexpectedError,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(api.GET('/api/v1/ecommerce/webapp')).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(NETWORK_ERROR_MESSAGE).toBe('Connessione assente: controlla la rete e riprova.');
    expect(onUnexpectedError).toHaveBeenCalledExactlyOnceWith(NETWORK_ERROR_MESSAGE);
  });
});
