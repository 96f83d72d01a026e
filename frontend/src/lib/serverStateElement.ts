/** The id of the JSON block in which a server-rendered page hands its state to the browser. */
export const SERVER_STATE_ELEMENT_ID = 'sc-server-state';
