import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aReview, noPermissions } from '../../../test/reviewFixtures';
import { pasteInto } from '../../../test/pasteInto';
import { apiError, callsTo, stubApi } from '../../../test/stubApi';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { Toaster } from '../../../toasts/Toaster';
import { ReplyButton } from './ReplyButton';

const owner = { ...noPermissions, reply: true, report: true, helpful: true };
const replyPath = `/api/reviews/${aReview()._id}/reply`;
const answered = {
  text: 'Thank you, we passed it on.',
  createdAt: '2026-03-02T10:00:00.000Z',
  versionCount: 0,
};

function renderButton(review: ReturnType<typeof aReview>, answers: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(answers);
  renderWithProviders(
    <>
      <ReplyButton review={review} />
      <Toaster />
    </>,
  );
  return calls;
}

// The first dialog a file opens takes seconds to mount on a loaded machine.
describe("the business's reply button", { timeout: 15_000 }, () => {
  it('asks for words before sending, then posts the reply', async () => {
    const calls = renderButton(aReview({ permissions: owner }), {
      [`POST ${replyPath}`]: () =>
        Response.json(aReview({ permissions: owner, reply: answered }), { status: 201 }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to this review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(within(dialog).getByText('Write your reply')).toBeVisible();
    expect(callsTo(calls, `POST ${replyPath}`)).toHaveLength(0);

    await pasteInto(within(dialog).getByRole('textbox', { name: /Your reply/ }), answered.text);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your reply was posted.');
    const [sent] = callsTo(calls, `POST ${replyPath}`);
    expect(await sent!.clone().json()).toEqual({ text: answered.text });
  });

  it('edits the reply, starting from its text', async () => {
    const calls = renderButton(aReview({ permissions: owner, reply: answered }), {
      [`PATCH ${replyPath}`]: () => Response.json(aReview({ permissions: owner })),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Edit reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit your reply' });
    const field = within(dialog).getByRole('textbox', { name: /Your reply/ });
    expect(field).toHaveValue(answered.text);
    await userEvent.clear(field);
    await pasteInto(field, 'Thank you again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your reply was updated.');
    const [sent] = callsTo(calls, `PATCH ${replyPath}`);
    expect(await sent!.clone().json()).toEqual({ text: 'Thank you again.' });
  });

  it("shows the server's sentence when the reply is refused", async () => {
    renderButton(aReview({ permissions: owner }), {
      [`POST ${replyPath}`]: apiError(409, 'This review already has a reply; edit it instead.'),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reply to this review' });
    await pasteInto(within(dialog).getByRole('textbox', { name: /Your reply/ }), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post reply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This review already has a reply; edit it instead.',
    );
  });
});
