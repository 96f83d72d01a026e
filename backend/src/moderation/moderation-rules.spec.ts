import {
  allCaps,
  contactDetails,
  duplicateText,
  linkSpam,
  moderate,
  postingTooFast,
  profanity,
  repeatedCharacters,
  textTag,
  type ModerationInput,
} from './moderation-rules';

function input(details: string, extra: Partial<ModerationInput> = {}): ModerationInput {
  return {
    title: 'Parcel delivery',
    details,
    authorTextTagsElsewhere: [],
    authorReviewsLast10Minutes: 1,
    ...extra,
  };
}

const CLEAN =
  'The courier arrived on time, the parcel was intact and tracking updates were accurate.';

describe('moderation rules', () => {
  it('a normal review breaks no rule', () => {
    expect(moderate(input(CLEAN))).toEqual([]);
  });

  it('profanity, including disguised spellings', () => {
    expect(profanity(input('This courier is a total asshole.'))).toBe('PROFANITY');
    expect(profanity(input('what a sh1t service'))).toBe('PROFANITY');
    expect(profanity(input('Scunthorpe deliveries were classic and on time'))).toBeUndefined();
  });

  it('more than two links', () => {
    expect(linkSpam(input('see https://a.example and https://b.example'))).toBeUndefined();
    expect(linkSpam(input('https://a.example https://b.example www.c.example'))).toBe('LINK_SPAM');
  });

  it('a phone number or an e-mail address', () => {
    expect(contactDetails(input('Call me on +44 20 7946 0958 for a better deal'))).toBe(
      'CONTACT_DETAILS',
    );
    expect(contactDetails(input('write to deals@cheap-couriers.example'))).toBe('CONTACT_DETAILS');
    expect(contactDetails(input('Order 12345 arrived in 2 days'))).toBeUndefined();
  });

  it('the same text by the same user on another service', () => {
    expect(
      duplicateText(
        input(CLEAN, { authorTextTagsElsewhere: [textTag(`  ${CLEAN.toUpperCase()}!! `)] }),
      ),
    ).toBe('DUPLICATE_TEXT');
    expect(
      duplicateText(
        input(CLEAN, { authorTextTagsElsewhere: [textTag('Something else entirely')] }),
      ),
    ).toBeUndefined();
  });

  it('more than five reviews in ten minutes', () => {
    expect(postingTooFast(input(CLEAN, { authorReviewsLast10Minutes: 5 }))).toBeUndefined();
    expect(postingTooFast(input(CLEAN, { authorReviewsLast10Minutes: 6 }))).toBe(
      'POSTING_TOO_FAST',
    );
  });

  it('all caps, but not short acronyms', () => {
    expect(allCaps(input('WORST COURIER EVER, NEVER AGAIN'))).toBe('ALL_CAPS');
    expect(allCaps(input('DHL OK'))).toBeUndefined();
    expect(allCaps(input(CLEAN))).toBeUndefined();
  });

  it('repeated characters', () => {
    expect(repeatedCharacters(input('Sooooooo slow!!!'))).toBe('REPEATED_CHARACTERS');
    expect(repeatedCharacters(input('Great!!!!!!'))).toBe('REPEATED_CHARACTERS');
    expect(repeatedCharacters(input('Tracking number 1000000 worked'))).toBeUndefined();
  });

  it('collects every reason that applies', () => {
    expect(moderate(input('CALL 0207 946 0958 NOW FOR CHEAP SHIPPING!!!!!!!'))).toEqual([
      'CONTACT_DETAILS',
      'ALL_CAPS',
      'REPEATED_CHARACTERS',
    ]);
  });
});
