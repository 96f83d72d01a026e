import { describe, expect, it } from 'vitest';
import { readServerState, serializeServerState, type ServerState } from './serverState';
import { SERVER_STATE_ELEMENT_ID } from './pageContract';

const state: ServerState = {
  colorMode: 'dark',
  api: { queries: { note: '</script><script>alert(1)</script>\u2028\u2029' } },
  router: { loaderData: { '0': null }, actionData: null, errors: null },
};

describe('the state a server-rendered page hands to the browser', () => {
  it('cannot close its script element or break a line in it', () => {
    const json = serializeServerState(state);
    expect(json).not.toContain('<');
    expect(json).not.toMatch(/[\u2028\u2029]/);
  });

  it('reads back as it was written, from the JSON block of the page', () => {
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML =
      `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">` +
      `${serializeServerState(state)}</script>`;
    expect(readServerState(doc)).toEqual(state);
  });

  it('is null on a page the browser renders alone', () => {
    expect(readServerState(document.implementation.createHTMLDocument())).toBeNull();
  });
});
