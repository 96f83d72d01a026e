import { isImageLocation } from './image-location.validator';

describe('isImageLocation', () => {
  it.each(['https://cdn.example.com/a.png', 'http://example.com/x.jpg', '/images/truck.svg'])(
    'accepts %s',
    (value) => expect(isImageLocation(value)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    '//evil.example.com/x.png',
    'not a url',
    '/images/a b.svg',
    `https://example.com/${'a'.repeat(2000)}`,
    '/\\evil.example/x.png',
    '\\\\evil.example/x.png',
    '/images\\..\\x.png',
    '/\t/evil.example/x.png',
    '/\n/evil.example/x.png',
    '/images/x.png\u0000',
    'https://example.com\\@evil.example/x.png',
    '',
  ])('rejects %s', (value) => expect(isImageLocation(value)).toBe(false));

  it('accepts an empty value only when allowed', () => {
    expect(isImageLocation('', true)).toBe(true);
  });
});
