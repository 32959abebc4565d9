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

  describe('prompts that share only about half their content words', () => {
    it.each([
      ['lanterns, glaciers, violins, tortoises, harbours', 'violins, tortoises, cactuses, kettles, meadows', ['lantern', 'glacier', 'harbor']],
      ['Draw lanterns, glaciers, violins and tortoises', 'Draw violins, tortoises, cactuses, kettles, meadows and ladders', ['cactus', 'kettl', 'meadow', 'ladder']],
      // Only the longer prompt is mostly new words: the shorter one is contained in it.
      ['lanterns, glaciers, violins, tortoises', 'lanterns, glaciers, violins, tortoises, cactuses, kettles, meadows, harbours, ladders', ['cactus', 'kettl', 'meadow', 'harbor', 'ladder']],
    ])('rejects %j against %j as a different topic', (query, candidate, unshared) => {
      expect(verifyCandidate(query, candidate, 0.99, settings)).toEqual({ hit: false, reason: 'different-topic', differences: unshared });
      expect(verifyCandidate(candidate, query, 0.99, settings)).toMatchObject({ hit: false, reason: 'different-topic' });
    });

    it.each([
      // GPTCache paraphrases (shared cache data) that reword one or two words.
      ['Transformers is a state-of-the-art machine learning library for Pytorch, TensorFlow, and JAX.', 'Transformers is a cutting-edge machine learning library for Pytorch, TensorFlow, and JAX.'],
      ['By default, N-dimensional arrays are considered as nested lists.', 'N-dimensional arrays are typically viewed as nested lists.'],
      ['The Image and Audio feature types are also supported.', 'The Image and Audio types are also accommodated.'],
      // Two of four content words reworded: exactly half unshared is not "more than half".
      ['ClassLabel data is properly converted to arrays.', 'The conversion of ClassLabel data to arrays is done correctly.'],
    ])('still accepts the paraphrase %j / %j', (query, candidate) => {
      expect(verifyCandidate(query, candidate, 0.95, settings)).toEqual({ hit: true, reason: 'match' });
      expect(verifyCandidate(candidate, query, 0.95, settings)).toEqual({ hit: true, reason: 'match' });
    });

    it.each([
      ['Tell me about cats', 'Tell me about dogs', ['cat/dog']],
      ['poem about cats', 'poem about dogs', ['cat/dog']],
    ])('leaves one changed word in a short prompt to the swap rules: %j / %j', (query, candidate, differences) => {
      // All of "cats" is unshared, but one word is a slot, not a topic: the guard needs two.
      expect(verifyCandidate(query, candidate, 0.99, settings)).toEqual({ hit: false, reason: 'different-content', differences });
    });
  });

  it('rejects anything below the threshold, and NaN', () => {
    expect(verifyCandidate('Tell me a joke', 'Tell me a joke', 0.89, settings)).toEqual({ hit: false, reason: 'below-threshold' });
    expect(verifyCandidate('Tell me a joke', 'Tell me a joke', Number.NaN, settings).hit).toBe(false);
  });

  it('names the words that differ', () => {
    expect(verifyCandidate('poem about cats', 'poem about dogs', 1, settings).differences).toEqual(['cat/dog']);
  });
});
