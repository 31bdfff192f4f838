import { describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from './errors';

describe('errorEnvelopeSchema', () => {
  it('accepts the envelope the API answers', () => {
    const body = {
      error: {
        code: 'VALIDATION_ERROR',
        message: 'email: Invalid email address',
        details: { fields: [{ field: 'email', message: 'Invalid email address' }] },
      },
    };
    expect(errorEnvelopeSchema.parse(body)).toEqual(body);
  });

  it('rejects a body that is not an error envelope', () => {
    expect(errorEnvelopeSchema.safeParse({ message: 'oops' }).success).toBe(false);
    expect(errorEnvelopeSchema.safeParse({ error: 'oops' }).success).toBe(false);
  });
});
