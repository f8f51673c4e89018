import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../machines/cassaStart.machine';
import { admin } from '../mocks/fixtures';
import { http, mockSession, server } from '../mocks/handlers';
import { renderApp } from './render';

describe('cassa: its start without network', () => {
  it('kept nothing on this browser: says why it cannot open, and opens on Riprova once the server answers', async () => {
    // The server cannot be reached (the session check too: the remembered staff user stays in).
    server.use(http.get('/api/user', () => HttpResponse.error() as never));
    const { user } = renderApp('/cassa', { user: admin });
    expect((await screen.findByText(UNAVAILABLE_MESSAGE)).getAttribute('role')).toBe('alert');
    expect(screen.queryByRole('region', { name: 'Aggiungi ordine' })).toBeNull();

    server.use(http.get('/api/user', ({ response }) => response(200).json(mockSession.user!)));
    await user.click(screen.getByRole('button', { name: 'Riprova' }));
    await screen.findByRole('heading', { level: 2, name: 'Nuovi ordini' });
    await waitFor(() => expect(screen.queryByText(UNAVAILABLE_MESSAGE)).toBeNull());
  });
});
