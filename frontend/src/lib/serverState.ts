import { createAction } from '@reduxjs/toolkit';
import type { HydrationState } from 'react-router-dom';
import type { ColorMode } from './theme/colorModeSlice';
import { SERVER_STATE_ELEMENT_ID } from './pageContract';
import { scriptJson } from './scriptJson';

/** What the server rendered a page from: the browser app starts from the same, to hydrate it. */
export interface ServerState {
  colorMode: ColorMode;
  /** The RTK Query slice, with the answers the page was rendered with. */
  api: unknown;
  router: HydrationState;
}

/** Puts the server's query answers into the browser's store (see baseApi's rehydration). */
export const serverStateHydrated = createAction<unknown>('serverState/hydrated');

/** As JSON that is safe inside an HTML `<script type="application/json">` element. */
export function serializeServerState(state: ServerState): string {
  return scriptJson(state);
}

/** The state of the page the server rendered, or null when the browser renders it alone. */
export function readServerState(doc: Document = document): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as ServerState) : null;
}
