import { describe, expect, it } from 'vitest';
import { analysePrompt } from './prompt-content';
import { compareContent, defaultVerifierOptions, verifyCandidate } from './near-miss-verifier';

const settings = { similarityThreshold: 0.9 };

describe('the near-miss verifier', () => {
  it.each([
    ['Write a poem about cats', 'Write a poem about dogs', ['cats', 'dogs']],
    ['How do I reset my password?', 'How do I reset my router?', ['password', 'router']],
    ['How do I install numpy?', 'How do I uninstall numpy?', ['install', 'uninstall']],
    // A swap WordNet does not list within both words' first two senses is a miss even when it means the same (decision 026).
    ['Write a poem about cats', 'Compose a poem about cats', ['write', 'compose']],
  ])('rejects the one-word swap %j / %j at any similarity', (query, candidate, differences) => {
    for (const similarity of [0.9, 0.95, 0.99, 1]) {
      expect(verifyCandidate(query, candidate, similarity, settings)).toEqual({
        hit: false,
        reason: 'different-content',
        differences,
      });
    }
  });

  it.each([
    ['What is 15% of 80?', 'What is 15% of 90?', 'different-numbers'],
    ['Write a short benchmark reply (17).', 'Write a short benchmark reply (18).', 'different-numbers'],
    ['Give me three ideas for a birthday party', 'Give me 4 ideas for a birthday party', 'different-numbers'],
    ['Is Python a compiled language?', 'Is Python not a compiled language?', 'different-negation'],
    ["Why doesn't my code compile?", 'Why does my code compile?', 'different-negation'],
    ['What is the capital of France?', 'What is the capital of Germany?', 'different-entities'],
    ['How do I install Python on Windows?', 'How do I install Python on Linux?', 'different-entities'],
    ['What does `Array.prototype.map` return?', 'What does `Array.prototype.filter` return?', 'different-entities'],
    ['Explain the num_rows method', 'Explain the num_columns method', 'different-entities'],
    ['How do I bake bread?', 'How do I bake sourdough rye bread?', 'different-content'],
    [
      'How can I stop my dog from barking at night?',
      'What is the best way to prevent my dog barking at night?',
      'different-content',
    ],
  ])('rejects %j against %j (%s)', (query, candidate, reason) => {
    const verdict = verifyCandidate(query, candidate, 0.97, settings);
    expect(verdict.reason).toBe(reason);
    expect(verdict.hit).toBe(false);
  });

  it.each([
    ['List the steps: 1) boil water', 'List the steps: 1) boil the water'],
    ['Convert 5 miles to km', 'Convert five miles to km'],
    ['What is the capital of France?', "what's the capital of france"],
    ['Explain how photosynthesis works', 'Can you describe how photosynthesis works?'],
    ['How do I remove a tick from my dog?', 'How can I remove ticks from a dog?'],
    [
      'You can upload your dataset to the Hub with push_to_hub().',
      'Use `Dataset.push_to_hub()` to upload your dataset to the Hub.',
    ],
    ['The HF Hub hosts models and datasets.', 'The Hugging Face Hub hosts models and datasets.'],
    ["The page doesn't exist in version 2.10.0.", 'The page does not exist in version 2.10.0.'],
    // One content word may be added or dropped.
    ['What could be wrong with my boiler?', 'What is wrong with my gas boiler?'],
    ['Which way does water flow through my radiator?', 'Which way does water flow in a radiator?'],
  ])('accepts %j / %j', (query, candidate) => {
    expect(verifyCandidate(query, candidate, 0.95, settings)).toEqual({ hit: true, reason: 'match' });
    expect(verifyCandidate(candidate, query, 0.95, settings)).toEqual({ hit: true, reason: 'match' });
  });

  it.each([
    ['How do you clean mold off a shower curtain?', 'How do I clean mildew off a shower curtain?'],
    ['What is the best way to fix a leaking tap?', 'What is the best way to repair a leaking tap?'],
    // The synonym is matched and one other word may still be added.
    ['What might make my toilet overflow at night?', 'What might make my bathroom drains overflow at night?'],
  ])('takes a WordNet synonym for the word it replaces: %j / %j', (query, candidate) => {
    expect(verifyCandidate(query, candidate, 0.95, settings)).toEqual({ hit: true, reason: 'match' });
    expect(verifyCandidate(candidate, query, 0.95, settings)).toEqual({ hit: true, reason: 'match' });
    const [first, second] = [analysePrompt(query), analysePrompt(candidate)];
    expect(compareContent(first, second, { ...defaultVerifierOptions, synonymSenses: 0 })).toMatchObject({
      hit: false,
      reason: 'different-content',
    });
  });

  it('pairs synonyms one for one, so a synonym does not also cover a second swap', () => {
    expect(verifyCandidate('How do I fix a car?', 'How do I repair an automobile?', 0.95, settings)).toEqual({
      hit: true,
      reason: 'match',
    });
    expect(
      verifyCandidate('How do I fix my car?', 'How do I repair and mend my bicycle?', 0.95, settings),
    ).toMatchObject({ hit: false, reason: 'different-content', differences: ['car', 'mend', 'bicycle'] });
  });

  it('matches words occurrence by occurrence, so a slot filled with a word said elsewhere is still a change', () => {
    const query = 'Compare the price of apples and the price of pears';
    const candidate = 'Compare the price of apples and the apples of pears';
    expect(verifyCandidate(query, candidate, 0.99, settings)).toEqual({
      hit: false,
      reason: 'different-content',
      differences: ['price', 'apples'],
    });
  });

  it.each([
    ['How do I recieve payments on PayPal?', 'How do I receive payments on PayPal?'],
    ['Which accomodation is near the station?', 'Which accommodation is near the station?'],
    ['How do I sand a hardwood floor?', 'How do I sand a hard wood floor?'],
    ['How do I send an e-mail from the terminal?', 'How do I send an email from the terminal?'],
  ])('takes a misspelling or a compound for the same word: %j / %j', (query, candidate) => {
    const [first, second] = [analysePrompt(query), analysePrompt(candidate)];
    const strict = { ...defaultVerifierOptions, maxUnmatchedWords: 0 };
    expect(compareContent(first, second, strict)).toEqual({ hit: true, reason: 'match' });
    expect(compareContent(second, first, strict)).toEqual({ hit: true, reason: 'match' });
  });

  it('needs the spelling rule for a misspelling', () => {
    const [first, second] = [
      analysePrompt('How do I recieve payments on PayPal?'),
      analysePrompt('How do I receive payments on PayPal?'),
    ];
    expect(
      compareContent(first, second, { ...defaultVerifierOptions, maxUnmatchedWords: 0, spellingVariants: false }).hit,
    ).toBe(false);
  });

  it('never takes two real words one letter apart for a misspelling', () => {
    expect(
      verifyCandidate('How do I write a letter quickly?', 'How do I white a letter quickly?', 0.99, settings),
    ).toMatchObject({ hit: false, reason: 'different-content' });
  });

  it('lets each rule be switched off to measure it', () => {
    const content = [analysePrompt('What is 15% of 80?'), analysePrompt('What is 15% of 90?')] as const;
    expect(compareContent(...content).hit).toBe(false);
    expect(
      compareContent(...content, { ...defaultVerifierOptions, rules: ['negation', 'entities', 'content-words'] }).hit,
    ).toBe(true);
    const swap = [analysePrompt('poem about cats'), analysePrompt('poem about dogs')] as const;
    expect(compareContent(...swap, { ...defaultVerifierOptions, maxUnmatchedWords: 2 }).hit).toBe(true);
    // "gas" is a rarer word than "really"-like fillers: a Zipf floor on the unmatched word refuses it.
    const added = [
      analysePrompt('What is wrong with my boiler?'),
      analysePrompt('What is wrong with my gas boiler?'),
    ] as const;
    expect(compareContent(...added, { ...defaultVerifierOptions, unmatchedWordMinZipf: 5.5 })).toEqual({
      hit: false,
      reason: 'different-content',
      differences: ['gas'],
    });
  });

  it('rejects anything below the threshold, and NaN', () => {
    expect(verifyCandidate('Tell me a joke', 'Tell me a joke', 0.89, settings)).toEqual({
      hit: false,
      reason: 'below-threshold',
    });
    expect(verifyCandidate('Tell me a joke', 'Tell me a joke', Number.NaN, settings).hit).toBe(false);
  });
});
