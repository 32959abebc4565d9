import { createLocalSentenceEncoder } from '../../src/gateway/embeddings/local-sentence-encoder';
import { progress, summarise, timeEach } from '../support/measure';
import { formatNumber, markdownTable, percentile } from '../support/stats';

/** Embedding time per prompt with the embedded encoder: the first call, one prompt per call, and in a batch. */
export async function embeddingTimeSection(): Promise<string> {
  progress('Embedding: loading the local encoder');
  const encoder = createLocalSentenceEncoder();
  const prompts = Array.from({ length: 64 }, (_, index) => {
    const topics = [
      'bake sourdough bread',
      'reset a router',
      'write a SQL join',
      'learn French verbs',
      'plan a trip to Rome',
      'fix a leaking tap',
      'train for a marathon',
      'explain photosynthesis',
    ];
    const forms = [
      'How do I',
      'What is the best way to',
      'Can you explain how to',
      'Give me three tips to',
      'Step by step, how should I',
      'Why is it hard to',
      'Is it possible to',
      'Teach me to',
    ];
    return `${forms[Math.floor(index / 8) % 8]} ${topics[index % 8]}?`;
  });
  const loadStarted = performance.now();
  await encoder.embed(['warm up the model']);
  const loadMs = performance.now() - loadStarted;
  const single = await timeEach(prompts.length, (index) => encoder.embed([prompts[index]!]));
  const batches = await timeEach(3, () => encoder.embed(prompts));
  const perPrompt = (values: number[]) => formatNumber(percentile(values, 50) / prompts.length, 1);
  return [
    '### Embedding time per prompt (embedded Universal Sentence Encoder lite, 512 dimensions)',
    '',
    markdownTable(
      ['measure', 'value'],
      [
        ['first call (loads the model)', `${formatNumber(loadMs)} ms`],
        [`one prompt per call, wall p50 / p99 (CPU p50), ${single.wall.length} prompts`, `${summarise(single)} ms`],
        [
          `batch of ${prompts.length}, per prompt: wall (CPU), median of 3 batches`,
          `${perPrompt(batches.wall)} (${perPrompt(batches.cpu)}) ms`,
        ],
      ],
    ),
  ].join('\n');
}
