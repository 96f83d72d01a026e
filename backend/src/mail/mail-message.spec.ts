import { renderMail } from './mail-message';

describe('renderMail', () => {
  const content = {
    subject: 'Choose a new password',
    paragraphs: ['Hello <Ann & "Bo">,', 'Use the link below.'],
    link: { path: '/reset-password?token=abc&x=1', label: 'Choose a new password' },
    footer: 'This link works once.',
  };

  it('writes a plain-text part with the absolute link on the public URL', () => {
    const { subject, text } = renderMail(content, 'https://reviews.example');
    expect(subject).toBe('Choose a new password');
    expect(text).toBe(
      [
        'Hello <Ann & "Bo">,',
        'Use the link below.',
        'Choose a new password: https://reviews.example/reset-password?token=abc&x=1',
        'This link works once.',
        '— Service Critic',
      ].join('\n\n') + '\n',
    );
  });

  it('writes a simple HTML part with every text escaped and the link as an anchor', () => {
    const { html } = renderMail(content, 'https://reviews.example');
    expect(html).toContain('<p>Hello &#60;Ann &#38; &#34;Bo&#34;&#62;,</p>');
    expect(html).toContain(
      '<a href="https://reviews.example/reset-password?token=abc&#38;x=1">Choose a new password</a>',
    );
    expect(html).not.toContain('<Ann');
  });
});
