// The popup hook believes only its own popup, and still believes it when the popup's
// `closed` flag is seen before its message arrives (the order Chromium can deliver them in).
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OIDC_MESSAGE_TYPE } from '@visage/contracts';
import { useOidcPopup } from './useOidcPopup';

type FakePopup = { closed: boolean; focus: () => void };
let popup: FakePopup;

function post(source: unknown, data: unknown, origin = window.location.origin) {
  // jsdom's MessageEvent accepts only real windows as `source`; define it on the event instead.
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  act(() => {
    window.dispatchEvent(event);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  popup = { closed: false, focus: () => undefined };
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useOidcPopup', () => {
  it('signs in on the popup’s message even when the popup was seen closed first', () => {
    const signedIn = vi.fn();
    const { result } = renderHook(() => useOidcPopup(signedIn));
    act(() => result.current.open());
    expect(result.current.state).toEqual({ status: 'waiting' });

    popup.closed = true;
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(result.current.state).toEqual({ status: 'idle' });

    post(popup, { type: OIDC_MESSAGE_TYPE, ok: true });
    expect(signedIn).toHaveBeenCalledTimes(1);
  });

  it('ignores messages from another window, another origin or of another shape', () => {
    const signedIn = vi.fn();
    const { result } = renderHook(() => useOidcPopup(signedIn));
    act(() => result.current.open());

    post({}, { type: OIDC_MESSAGE_TYPE, ok: true });
    post(popup, { type: OIDC_MESSAGE_TYPE, ok: true }, 'https://evil.example');
    post(popup, { type: 'other', ok: true });
    expect(signedIn).not.toHaveBeenCalled();

    post(popup, { type: OIDC_MESSAGE_TYPE, ok: false, code: 'oidc_denied' });
    expect(result.current.state).toEqual({ status: 'failed', code: 'oidc_denied' });
    // One answer per popup: a second message is not believed.
    post(popup, { type: OIDC_MESSAGE_TYPE, ok: true });
    expect(signedIn).not.toHaveBeenCalled();
  });

  it('asks for the consent dialog when the popup says consent_required, and resets', () => {
    const signedIn = vi.fn();
    const { result } = renderHook(() => useOidcPopup(signedIn));
    act(() => result.current.open());
    post(popup, { type: OIDC_MESSAGE_TYPE, ok: false, code: 'consent_required' });
    expect(result.current.state).toEqual({ status: 'consent' });
    expect(signedIn).not.toHaveBeenCalled();
    act(() => result.current.reset());
    expect(result.current.state).toEqual({ status: 'idle' });
  });
});
