import { describe, expect, it } from 'vitest';
import { analysePrompt } from './prompt-content';
import { verifyCandidate } from './near-miss-verifier';

const settings = { similarityThreshold: 0.9 };

describe('what the verifier reads in a prompt', () => {
  it.each([
    "Should I accept if I'm offered a transfer?",
    "What should I do if I've lost my key?",
    "Can I ask what I'd need to bring?",
    "Tell me whether I'll need a visa",
  ])('never takes "I" or its contractions for a name: %j', (prompt) => {
    const content = analysePrompt(prompt);
    expect([...content.entities]).toEqual([]);
    expect(content.contentWords.some((word) => word.startsWith('i'))).toBe(false);
  });

  it('reads other contractions as their pronoun, which carries no topic', () => {
    expect(analysePrompt("What if you're offered more and we've agreed?").contentWords).toEqual(['offered', 'agreed']);
  });

  it('reads a common word in capitals as the word, not as an acronym', () => {
    const content = analysePrompt('What can I do about a rough opening that is REALLY out of square?');
    expect(content.acronyms.size).toBe(0);
    expect(content.entities.has('really')).toBe(false);
    expect(content.contentWords).toEqual(['rough', 'opening', 'square']);
    expect([...analysePrompt('Which animal is NOT a mammal? Name ONLY one.').entities]).toEqual([]);
  });

  it('keeps acronyms, constants that are less common words, and short words in capitals as names', () => {
    expect([...analysePrompt('Does NASA or NATO use JSON over HTTP for AWS?').acronyms].sort()).toEqual([
      'AWS',
      'HTTP',
      'JSON',
      'NASA',
      'NATO',
    ]);
    expect([...analysePrompt('Set the split to TRAIN and the level to WARNING').entities].sort()).toEqual([
      'train',
      'warning',
    ]);
    expect([...analysePrompt('Is it BAD to run the dryer all day?').entities]).toEqual(['bad']);
  });

  it('lets an emphasised word and an "I\'m" pass the verifier as the plain words they are', () => {
    expect(
      verifyCandidate(
        'How can I loosen a REALLY rusted bolt?',
        'How can I loosen a really rusted bolt?',
        0.95,
        settings,
      ),
    ).toEqual({ hit: true, reason: 'match' });
    expect(
      verifyCandidate(
        "What should I do if I'm locked out of my car?",
        'What should I do if I am locked out of my car?',
        0.95,
        settings,
      ),
    ).toEqual({ hit: true, reason: 'match' });
    // Before: "REALLY" was an acronym entity and "I'm" a name, so these were refused as different entities.
  });
});
