import userEvent from '@testing-library/user-event';

/** Puts `text` into a field the way a paste does: one input event instead of one per key. */
export async function pasteInto(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}
