import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLazyPromptEmbedding } from '../cache/lazy-prompt-embedding';
import { createLocalSentenceEncoder } from '../embeddings/local-sentence-encoder';
import { normalise, type SentenceEncoder } from '../embeddings/sentence-encoder';
import { createPromptRouter } from './prompt-router';
import {
  defaultPromptRouterArtifactPath,
  loadPromptRouterArtifact,
  parsePromptRouterArtifact,
  type PromptRouterArtifact,
} from './router-artifact';
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
    model: {
      kind: 'logistic-regression',
      means: new Array(inputs).fill(0),
      scales: new Array(inputs).fill(1),
      weights,
      bias: -1,
    },
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
    scores.forEach((score, index) => {
      expect(score).toBeCloseTo(expected[index]!, 6);
    });
  });

  it('refuses an encoder other than the one it was trained with', () => {
    expect(() => createPromptRouter({ encoder: fakeEncoder('other'), artifact: handMadeArtifact() })).toThrow(
      /trained on encoder fake-2/,
    );
  });

  it('refuses an artifact trained on other text features', () => {
    const artifact = handMadeArtifact();
    expect(() =>
      createPromptRouter({
        encoder: fakeEncoder(),
        artifact: { ...artifact, textFeatureNames: [...textFeatureNames].reverse() },
      }),
    ).toThrow(/retrain/);
  });

  it('needs no encoder for an artifact trained on text features alone', async () => {
    const artifact = handMadeArtifact();
    const weights = new Array<number>(textFeatureNames.length).fill(0);
    weights[textFeatureNames.indexOf('characters')] = 1;
    const textOnly = parsePromptRouterArtifact({
      ...artifact,
      encoder: null,
      model: {
        kind: 'logistic-regression',
        means: new Array(weights.length).fill(0),
        scales: new Array(weights.length).fill(1),
        weights,
        bias: -3,
      },
    });
    const [short, long] = await createPromptRouter({ artifact: textOnly }).score(['hi', 'a'.repeat(200)]);
    expect(short).toBeCloseTo(1 / (1 + Math.exp(-(Math.log1p(2) - 3))), 9);
    expect(long).toBeGreaterThan(short!);
  });

  it('refuses to run an artifact trained with an encoder without one', () => {
    expect(() => createPromptRouter({ artifact: handMadeArtifact() })).toThrow(/trained on encoder fake-2, not none/);
  });

  it('rejects an artifact whose sizes do not add up', () => {
    const artifact = handMadeArtifact();
    expect(() => parsePromptRouterArtifact({ ...artifact, model: { ...artifact.model, weights: [1, 2] } })).toThrow(
      /model sizes/,
    );
  });
});

describe('the committed router', () => {
  it('loads, stays small and matches the current text features', async () => {
    const artifact = await loadPromptRouterArtifact();
    expect(statSync(defaultPromptRouterArtifactPath).size).toBeLessThan(2 * 1024 * 1024);
    expect(artifact.textFeatureNames).toEqual(textFeatureNames);
    expect(artifact.model.weights).toHaveLength((artifact.encoder?.dimensions ?? 0) + extractTextFeatures('').length);
  });

  it('scores coding, maths and reasoning above small talk, greetings and quick look-ups', async () => {
    const artifact = await loadPromptRouterArtifact();
    const router = createPromptRouter({
      encoder: artifact.encoder ? createLocalSentenceEncoder() : undefined,
      artifact,
    });
    const hard = await router.score([
      'Write a function that returns the k-th smallest element of the union of two sorted lists in logarithmic time, and prove its complexity.',
      'A train leaves at 3 pm at 60 km/h; a second one leaves the same station at 4 pm at 80 km/h. When does the second catch up, and how far from the station?',
      'If it takes 5 machines 5 minutes to make 5 widgets, how long would it take 100 machines to make 100 widgets? Explain your reasoning.',
    ]);
    const easy = await router.score([
      'hi',
      'Write a haiku about rain.',
      'Translate "good morning" into French.',
      'Write a short friendly greeting for a birthday card.',
    ]);
    expect(Math.min(...hard)).toBeGreaterThan(Math.max(...easy));
    for (const score of [...hard, ...easy]) expect(score > 0 && score < 1).toBe(true);
  }, 30_000);
});

describe('the prompt router with the request’s own embedding (docs/decisions/062)', () => {
  it('reads the shared embedding when it is its encoder’s and its window, and embeds nothing itself', async () => {
    const encoder = fakeEncoder();
    const router = createPromptRouter({ encoder, artifact: handMadeArtifact() });
    const shared = createLazyPromptEmbedding(encoder, 'hi');
    const [withShared] = await router.score(['hi'], [shared]);
    expect(encoder.calls).toEqual([['hi']]);
    // The cache's lookup after it asks for the same vector: no second call.
    await shared.vector();
    expect(encoder.calls).toEqual([['hi']]);
    const [alone] = await createPromptRouter({ encoder: fakeEncoder(), artifact: handMadeArtifact() }).score(['hi']);
    expect(withShared).toBe(alone);
  });

  it('embeds for itself when the shared embedding is another encoder’s or another text', async () => {
    const encoder = fakeEncoder();
    const router = createPromptRouter({ encoder, artifact: handMadeArtifact() });
    const otherEncoder = fakeEncoder('other-2');
    await router.score(
      ['hi', 'a much longer prompt here'],
      [
        createLazyPromptEmbedding(otherEncoder, 'hi'),
        // The cache reads a longer window than this router's 8 characters.
        createLazyPromptEmbedding(encoder, 'a much longer prompt here'),
      ],
    );
    expect(otherEncoder.calls).toEqual([]);
    expect(encoder.calls).toEqual([['hi', 'a muc … ere']]);
  });
});
