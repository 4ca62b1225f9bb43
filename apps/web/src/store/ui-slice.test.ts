import { describe, expect, it } from 'vitest';
import { createAppStore } from './index';
import {
  initialUiState,
  setChatNavMobile,
  setColorScheme,
  setDrawerDesktop,
  setDrawerMobile,
  setFaceSwapBulkLength,
  setFaceSwapProcessing,
  setLanguage,
  uiSlice,
} from './ui-slice';

describe('ui slice', () => {
  it('starts with the drawers and flags at their defaults', () => {
    expect(createAppStore().getState().ui).toEqual({
      drawerDesktop: true,
      drawerMobile: false,
      chatNavMobile: false,
      language: 'en',
      colorScheme: 'system',
      faceSwapProcessing: false,
      faceSwapBulkLength: 0,
    });
  });

  it('each setter writes the value it is given, as is, and touches nothing else', () => {
    const cases = [
      [setDrawerDesktop(false), 'drawerDesktop', false],
      [setDrawerMobile(true), 'drawerMobile', true],
      [setChatNavMobile(true), 'chatNavMobile', true],
      [setLanguage('fr'), 'language', 'fr'],
      [setColorScheme('dark'), 'colorScheme', 'dark'],
      [setFaceSwapProcessing(true), 'faceSwapProcessing', true],
      [setFaceSwapBulkLength(15), 'faceSwapBulkLength', 15],
    ] as const;
    for (const [action, field, value] of cases) {
      const next = uiSlice.reducer(initialUiState, action);
      expect(next).toEqual({ ...initialUiState, [field]: value });
    }
  });

  it('does not validate or coerce: the value is stored exactly', () => {
    let state = uiSlice.reducer(initialUiState, setLanguage('de'));
    expect(state.language).toBe('de');
    state = uiSlice.reducer(state, setFaceSwapBulkLength(-3));
    expect(state.faceSwapBulkLength).toBe(-3);
    state = uiSlice.reducer(state, setDrawerDesktop(true));
    state = uiSlice.reducer(state, setDrawerDesktop(true));
    expect(state.drawerDesktop).toBe(true);
  });

  it('works through the store', () => {
    const store = createAppStore();
    store.dispatch(setDrawerMobile(true));
    store.dispatch(setFaceSwapProcessing(true));
    expect(store.getState().ui.drawerMobile).toBe(true);
    expect(store.getState().ui.faceSwapProcessing).toBe(true);
    store.dispatch(setDrawerMobile(false));
    expect(store.getState().ui.drawerMobile).toBe(false);
  });
});
