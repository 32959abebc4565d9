import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLocalSentenceEncoder } from '../embeddings/local-sentence-encoder';
import { normalise, type SentenceEncoder } from '../embeddings/sentence-encoder';
import { createPromptRouter } from './prompt-router';
import { defaultPromptRouterArtifactPath, loadPromptRouterArtifact, parsePromptRouterArtifact, type PromptRouterArtifact } from './router-artifact';
import { extractTextFeatures, textFeatureNames } from './text-features';

/** A stand-in encoder: 2-d vectors from the text's length, recording the order it was asked in. */
function fakeEncoder(id = 'fake-2'): SentenceEncoder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    id,
    dimensions: 2,
    calls,
    async embed(texts) {
      calls.push([...texts]);
      return texts.map((text) => normalise([1, text.length]));
    },
  };
}

function handMadeArtifact(): PromptRouterArtifact {
  const inputs = 2 + textFeatureNames.length;
  const weights = new Array<number>(inputs).fill(0);
  weights[1] = 2; // only the second embedding dimension counts
  return parsePromptRouterArtifact({
    format: 'tokenwise-prompt-router/1',
    encoder: { id: 'fake-2', dimensions: 2, windowCharacters: 8 },
    textFeatureNames,
    model: { kind: 'logistic-regression', means: new Array(inputs).fill(0), scales: new Array(inputs).fill(1), weights, bias: -1 },
    calibration: { description: 'hand-made', points: [{ qualityTarget: 0.95, threshold: 0.5, strongShare: 0.3 }] },
    training: {},
  });
}

describe('the prompt router', () => {
  it('applies the artifact to the embedding of each prompt window, in input order', async () => {
    const encoder = fakeEncoder();
    const router = createPromptRouter({ encoder, artifact: handMadeArtifact() });
    const prompts = ['a much longer prompt here', 'hi', 'medium'];
    const scores = await router.score(prompts);
    // The encoder saw windows of at most 8 characters (plus the ellipsis), shortest first.
    const windows = ['a muc … ere', 'hi', 'medium'];
    expect(encoder.calls).toEqual([['hi', 'medium', 'a muc … ere']]);
    const expected = prompts.map((_, index) => {
      const length = windows[index]!.length;
      const second = length / Math.hypot(1, length);
      return 1 / (1 + Math.exp(-(2 * second - 1)));
    });
    scores.forEach((score, index) => expect(score).toBeCloseTo(expected[index]!, 6));
  });

  it('refuses an encoder other than the one it was trained with', () => {
    expect(() => createPromptRouter({ encoder: fakeEncoder('other'), artifact: handMadeArtifact() })).toThrow(/trained on encoder fake-2/);
  });

  it('refuses an artifact trained on other text features', () => {
    const artifact = handMadeArtifact();
    expect(() => createPromptRouter({ encoder: fakeEncoder(), artifact: { ...artifact, textFeatureNames: [...textFeatureNames].reverse() } })).toThrow(/retrain/);
  });

  it('rejects an artifact whose sizes do not add up', () => {
    const artifact = handMadeArtifact();
    expect(() => parsePromptRouterArtifact({ ...artifact, model: { ...artifact.model, weights: [1, 2] } })).toThrow(/model sizes/);
  });
});

describe('the committed router', () => {
  it('loads, stays small and matches the current text features', async () => {
    const artifact = await loadPromptRouterArtifact();
    expect(statSync(defaultPromptRouterArtifactPath).size).toBeLessThan(2 * 1024 * 1024);
    expect(artifact.textFeatureNames).toEqual(textFeatureNames);
    expect(artifact.model.weights).toHaveLength(artifact.encoder.dimensions + extractTextFeatures('').length);
  });

  it('scores a hard coding question above small talk with the embedded encoder', async () => {
    const router = createPromptRouter({ encoder: createLocalSentenceEncoder(), artifact: await loadPromptRouterArtifact() });
    const [hard, easy] = await router.score([
      'Implement a function to find the median of two sorted arrays of different sizes with O(1) space complexity and O(n) time complexity.',
      'Write a short friendly greeting for a birthday card.',
    ]);
    expect(hard).toBeGreaterThan(easy!);
    for (const score of [hard!, easy!]) expect(score > 0 && score < 1).toBe(true);
  }, 30_000);
});
