import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './fieldErrors';

const validationFailure = (details: unknown) => ({
  status: 400,
  data: { statusCode: 400, code: 'VALIDATION_FAILED', error: 'Invalid request.', details },
});

describe('fieldErrorsOf', () => {
  it("puts each of the API's messages with the field it names, as a sentence", () => {
    expect(
      fieldErrorsOf(
        validationFailure([
          { field: 'email', message: 'email must be an e-mail address' },
          { field: 'password', message: 'password must be 8 to 128 characters long' },
          { field: 'password', message: 'password must be text' },
        ]),
        ['name', 'email', 'password'],
      ),
    ).toEqual({
      email: 'Email must be an e-mail address.',
      password: 'Password must be 8 to 128 characters long.',
    });
  });

  it('answers nothing for errors without per-field details', () => {
    expect(
      fieldErrorsOf({ status: 409, data: { error: 'That e-mail is taken.' } }, ['email']),
    ).toEqual({});
    expect(
      fieldErrorsOf(validationFailure([{ field: 'other', message: 'other must be set' }]), [
        'email',
      ]),
    ).toEqual({});
    expect(fieldErrorsOf(undefined, ['email'])).toEqual({});
  });
});
