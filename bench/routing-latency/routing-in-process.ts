import {
  createLocalSentenceEncoder,
  embedPrompts,
  loadPromptRouterArtifact,
  routingTextForConversation,
} from '../../src/gateway';
import { encoderWindow } from '../../src/gateway/routing/routing-text';
import { createSeededRandom, shuffled } from '../../src/gateway/routing/training/seeded-random';
import { createLearnedScorer } from '../../src/server/routing/learned-scorer';
import { loadRoutellmItems } from '../../scripts/router/routellm-data';

export interface RoutingCost {
  cacheEmbedding: number[];
  routerEmbedding: number[];
  routerScore: number[];
  sum: number[];
  cpuSum: number[];
  meanCharacters: number;
}

/** What an automatic request computes before the cache is searched, in this process, without HTTP. */
export async function timeRoutingInProcess(
  prompts: readonly string[],
  warmUp: readonly string[],
): Promise<RoutingCost> {
  const encoder = createLocalSentenceEncoder();
  const artifact = await loadPromptRouterArtifact();
  const scorer = createLearnedScorer({ encoder, artifact });
  for (const prompt of warmUp) await embedPrompts(encoder, [prompt]); // loads the model, untimed
  const cost: RoutingCost = {
    cacheEmbedding: [],
    routerEmbedding: [],
    routerScore: [],
    sum: [],
    cpuSum: [],
    meanCharacters: 0,
  };
  for (const prompt of prompts) {
    // In the server's order: the router's score, then the cache's embedding of the same prompt.
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    await scorer.score([prompt]);
    const scored = performance.now();
    await embedPrompts(encoder, [prompt]);
    const embedded = performance.now();
    const cpu = process.cpuUsage(cpuBefore);
    cost.routerScore.push(scored - started);
    cost.cacheEmbedding.push(embedded - scored);
    cost.sum.push(embedded - started);
    cost.cpuSum.push((cpu.user + cpu.system) / 1000);
    // The share of score() that is the encoder (the rest is text features and a dot product): its window again.
    // A router trained on text features alone (docs/decisions/027) embeds nothing.
    const again = performance.now();
    if (artifact.encoder)
      await encoder.embed([encoderWindow(routingTextForConversation([prompt]), artifact.encoder.windowCharacters)]);
    cost.routerEmbedding.push(performance.now() - again);
  }
  cost.meanCharacters = prompts.reduce((sum, prompt) => sum + prompt.length, 0) / prompts.length;
  return cost;
}

/** Benchmark prompts a user would send as one message, in a fixed shuffled order. */
export async function benchmarkPrompts(): Promise<string[]> {
  const items = await loadRoutellmItems();
  // A first MT-Bench turn, a GSM8K problem or an MMLU question: what a user sends as one message.
  const single = items.filter((item) => item.turn !== 2).map((item) => item.text);
  return shuffled(single, createSeededRandom(11));
}
