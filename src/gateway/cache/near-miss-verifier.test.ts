import { describe, expect, it } from 'vitest';
import { verifyCandidate } from './near-miss-verifier';

const settings = { similarityThreshold: 0.9 };

describe('the near-miss verifier', () => {
  it.each([
    ['Write a poem about cats', 'Write a poem about dogs'],
    ['poem about cats', 'poem about dogs'],
    ['How do I reset my password?', 'How do I reset my router?'],
    ['reset my password', 'reset my router'],
  ])('rejects %j for %j at any similarity', (query, candidate) => {
    for (const similarity of [0.9, 0.95, 0.99, 1]) {
      const verdict = verifyCandidate(query, candidate, similarity, settings);
      expect(verdict).toMatchObject({ hit: false, reason: 'different-content' });
    }
  });

  it.each([
    ['What is 15% of 80?', 'What is 15% of 90?', 'different-numbers'],
    ['Write a short benchmark reply (17).', 'Write a short benchmark reply (18).', 'different-numbers'],
    ['List the steps: 1) boil water', 'List the steps: 1) boil the water', 'match'],
    ['Convert 5 miles to km', 'Convert five miles to km', 'match'],
    ['Give me three ideas for a birthday party', 'Give me 4 ideas for a birthday party', 'different-numbers'],
    ['Is Python a compiled language?', 'Is Python not a compiled language?', 'different-negation'],
    ["Why doesn't my code compile?", 'Why does my code compile?', 'different-negation'],
    ['What is the capital of France?', 'What is the capital of Germany?', 'different-entities'],
    ['How do I install Python on Windows?', 'How do I install Python on Linux?', 'different-entities'],
    ['What does `Array.prototype.map` return?', 'What does `Array.prototype.filter` return?', 'different-entities'],
    ['Explain the num_rows method', 'Explain the num_columns method', 'different-entities'],
    ['How can I get rid of fleas?', 'How can I get rid of fleas on my rabbit?', 'different-content'],
    ['How do I install numpy?', 'How do I uninstall numpy?', 'different-content'],
  ])('rejects %j against %j (%s)', (query, candidate, reason) => {
    const verdict = verifyCandidate(query, candidate, 0.97, settings);
    expect(verdict.reason).toBe(reason);
    expect(verdict.hit).toBe(reason === 'match');
  });

  it.each([
    ['How do I fix a leaking tap?', 'How can I repair a leaking faucet?'],
    ['Write a poem about cats', 'Compose a poem about cats'],
    ['What is the capital of France?', "what's the capital of france"],
    ['How can I stop my dog from barking at night?', 'What is the best way to prevent my dog barking at night?'],
    ['Explain how photosynthesis works', 'Can you describe how photosynthesis works?'],
    ['You can upload your dataset to the Hub with push_to_hub().', 'Use `Dataset.push_to_hub()` to upload your dataset to the Hub.'],
    ['What are the benefits of organising files into folders?', 'What are the advantages of organizing files into directories?'],
    ['The HF Hub hosts models and datasets.', 'The Hugging Face Hub hosts models and datasets.'],
    ["The page doesn't exist in version 2.10.0.", 'The page is not available in version 2.10.0.'],
  ])('accepts the paraphrase %j / %j', (query, candidate) => {
    expect(verifyCandidate(query, candidate, 0.95, settings)).toEqual({ hit: true, reason: 'match' });
  });

  it('rejects anything below the threshold, and NaN', () => {
    expect(verifyCandidate('Tell me a joke', 'Tell me a joke', 0.89, settings)).toEqual({ hit: false, reason: 'below-threshold' });
    expect(verifyCandidate('Tell me a joke', 'Tell me a joke', Number.NaN, settings).hit).toBe(false);
  });

  it('names the words that differ', () => {
    expect(verifyCandidate('poem about cats', 'poem about dogs', 1, settings).differences).toEqual(['cat/dog']);
  });
});
