import { ApiError } from '@prism/client';
import { describe, expect, it } from 'vitest';
import { splitServerError } from './form';

describe('splitServerError', () => {
  it('puts validation messages under the fields the form has', () => {
    const error = new ApiError(400, 'Invalid request', 'business', {
      field: 'phone',
      fields: { phone: 'Enter a ten digit number', other: 'x' },
    });
    expect(splitServerError(error, ['phone', 'password'])).toEqual({ fields: { phone: 'Enter a ten digit number' } });
  });
  it('toasts any other failure', () => {
    const error = new ApiError(11003, 'Wrong phone number or password', 'business');
    expect(splitServerError(error, ['phone'])).toEqual({ fields: {}, toast: 'Wrong phone number or password' });
  });
  it("says 'net error' for failures without a message", () => {
    expect(splitServerError(new Error('boom'), ['phone'])).toEqual({ fields: {}, toast: 'net error' });
  });
});
