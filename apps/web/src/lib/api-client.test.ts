import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, apiRequest, apiUrl, onUnauthorized } from './api-client';

function answer(status: number, body?: unknown, contentType = 'application/json') {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': contentType },
  });
}

function mockFetch(response: Response | Error) {
  const fetchMock = vi.fn(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('prefixes /app/api and encodes the query', () => {
    expect(apiUrl('/health')).toBe('/app/api/health');
    expect(apiUrl('swaps', { page: 2, q: 'a b', skip: undefined })).toBe('/app/api/swaps?page=2&q=a+b');
  });

  it('sends JSON with the session cookie and returns the parsed answer', async () => {
    const fetchMock = mockFetch(answer(200, { ok: true }));
    await expect(api.post('/things', { name: 'x' })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/app/api/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"x"}');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('sends form data as is (multipart uploads)', async () => {
    const fetchMock = mockFetch(answer(201, { id: '1' }));
    const form = new FormData();
    form.set('uid', 'u1');
    await apiRequest('/upload', { method: 'POST', form });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('returns undefined for 204', async () => {
    mockFetch(new Response(null, { status: 204 }));
    await expect(api.delete('/things/1')).resolves.toBeUndefined();
  });

  it('throws an ApiError carrying the server code and message', async () => {
    mockFetch(answer(400, { error: { code: 'invalid_email', message: 'Enter a valid e-mail address.', details: { field: 'email' } } }));
    const error = await api.post('/auth/signup', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_email', message: 'Enter a valid e-mail address.', details: { field: 'email' } });
  });

  it('gives a generic code when the body is not the error shape', async () => {
    mockFetch(answer(502, '<html>Bad gateway</html>', 'text/html'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('turns a network failure into network_error', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('tells 401 subscribers, then throws; unsubscribing stops that', async () => {
    const seen: string[] = [];
    const stop = onUnauthorized((e) => seen.push(e.code));
    mockFetch(answer(401, { error: { code: 'unauthenticated', message: 'Sign in first.' } }));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['unauthenticated']);
    stop();
    mockFetch(answer(401, { error: { code: 'unauthenticated', message: 'Sign in first.' } }));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(1);
  });

  it('checks the answer with a schema when given one', async () => {
    const schema = {
      parse(data: unknown) {
        if (typeof data !== 'object' || data === null || !('status' in data)) throw new Error('bad');
        return data as { status: string };
      },
    };
    mockFetch(answer(200, { status: 'ok' }));
    await expect(api.get('/health', { schema })).resolves.toEqual({ status: 'ok' });
    mockFetch(answer(200, { nope: true }));
    await expect(api.get('/health', { schema })).rejects.toMatchObject({ code: 'invalid_response' });
  });
});
