// The UI state that pages share (processing flag, bulk length, drawers, language, …). Each
// setter writes the value it is given, as is.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ColorScheme } from '@visage/contracts';

export interface UiState {
  drawerDesktop: boolean;
  drawerMobile: boolean;
  chatNavMobile: boolean;
  language: string;
  /** The pages' colours on this device: the account's choice once known, else the one remembered here. */
  colorScheme: ColorScheme;
  faceSwapProcessing: boolean;
  faceSwapBulkLength: number;
}

export const initialUiState: UiState = {
  drawerDesktop: true,
  drawerMobile: false,
  chatNavMobile: false,
  language: 'en',
  colorScheme: 'system',
  faceSwapProcessing: false,
  faceSwapBulkLength: 0,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    setDrawerDesktop(state, action: PayloadAction<boolean>) {
      state.drawerDesktop = action.payload;
    },
    setDrawerMobile(state, action: PayloadAction<boolean>) {
      state.drawerMobile = action.payload;
    },
    setChatNavMobile(state, action: PayloadAction<boolean>) {
      state.chatNavMobile = action.payload;
    },
    setLanguage(state, action: PayloadAction<string>) {
      state.language = action.payload;
    },
    setColorScheme(state, action: PayloadAction<ColorScheme>) {
      state.colorScheme = action.payload;
    },
    setFaceSwapProcessing(state, action: PayloadAction<boolean>) {
      state.faceSwapProcessing = action.payload;
    },
    setFaceSwapBulkLength(state, action: PayloadAction<number>) {
      state.faceSwapBulkLength = action.payload;
    },
  },
});

export const {
  setDrawerDesktop,
  setDrawerMobile,
  setChatNavMobile,
  setLanguage,
  setColorScheme,
  setFaceSwapProcessing,
  setFaceSwapBulkLength,
} = uiSlice.actions;
