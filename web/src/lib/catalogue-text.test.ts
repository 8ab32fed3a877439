import { describe, expect, it } from 'vitest';
import { matchCatalogueText } from './catalogue-text';

describe('matchCatalogueText', () => {
  it('finds plain messages', () => {
    expect(matchCatalogueText('This field is required')).toEqual({ key: 'validation.required' });
    expect(matchCatalogueText('The Email field must be a valid email')).toEqual({
      key: 'validation.email',
    });
  });

  it('recovers placeholder values', () => {
    expect(matchCatalogueText('This field must be at most 254 characters')).toEqual({
      key: 'validation.tooLong',
      params: { max: '254' },
    });
  });

  it('leaves unknown text alone', () => {
    expect(matchCatalogueText('Serial 12 overlaps AV-1')).toBeUndefined();
    expect(matchCatalogueText('this field is required')).toBeUndefined();
  });
});
