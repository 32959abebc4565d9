import { describe, expect, it } from 'vitest';
import { questionIntent } from './question-intent';

const intentOf = (text: string) => questionIntent(text.toLowerCase().match(/[a-z']+/g) ?? []);

describe('the kind of answer a question asks for', () => {
  it('comes from the first question word', () => {
    expect(intentOf('Why do you need to blanch tomatoes before freezing them?')).toBe('reason');
    expect(intentOf('How to blanch tomatoes?')).toBe('way');
    expect(intentOf('How many peaches fit in a jar?')).toBe('amount');
    expect(intentOf('How long do canned peaches keep?')).toBe('amount');
    expect(intentOf('When should I pick peaches?')).toBe('time');
    expect(intentOf('Where do peaches grow best?')).toBe('place');
    expect(intentOf('Who brought peaches to Europe?')).toBe('person');
    expect(intentOf("Where's the best place to buy peaches?")).toBe('place');
    expect(intentOf("What's the reason peaches bruise?")).toBeUndefined();
    // A later question word belongs to a clause of the first question.
    expect(intentOf('How do I reset my password when I forgot it?')).toBe('way');
  });

  it('is none for questions that can ask for anything, and for statements', () => {
    expect(intentOf('What is this rattle coming from my dishwasher?')).toBeUndefined();
    expect(intentOf('Which way does water flow into a radiator, and why?')).toBeUndefined();
    expect(intentOf('Can I freeze peaches?')).toBeUndefined();
    expect(intentOf('Tell me about peaches')).toBeUndefined();
  });
});
