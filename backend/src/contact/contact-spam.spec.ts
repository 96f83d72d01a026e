import { contactSpamReasons } from './contact-spam';

describe('contactSpamReasons', () => {
  it('passes an ordinary message, contact details included', () => {
    expect(
      contactSpamReasons('Dana Courier', 'Call me on +44 117 496 0321 or dana@example.com.'),
    ).toEqual([]);
  });

  it('names what a spammy message breaks', () => {
    expect(
      contactSpamReasons('Cheap', 'See http://a.example http://b.example http://c.example'),
    ).toEqual(['LINK_SPAM']);
    expect(contactSpamReasons('Loud', 'BUY OUR AMAZING PARCEL SERVICE NOW PLEASE')).toEqual([
      'ALL_CAPS',
    ]);
  });
});
