import { describe, expect, it } from 'vitest';
import { paragraphs } from './paragraphs';

describe('paragraphs', () => {
  it('splits at blank lines, keeping single line breaks inside a paragraph', () => {
    expect(paragraphs('One.\nStill one.\n\nTwo.\n  \n\nThree.')).toEqual([
      'One.\nStill one.',
      'Two.',
      'Three.',
    ]);
  });

  it('answers no paragraphs for empty text', () => {
    expect(paragraphs('  \n\n ')).toEqual([]);
  });
});
