import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { routingTextForConversation } from '../../src/gateway/routing/routing-text';
import { readJsonLines } from '../support/json-lines';
import { resolveSharedDataDir } from '../support/shared-data-dir';
import { parseCsvRecords } from './csv-records';

/**
 * The RouteLLM evaluation data (../shared/data/router/routellm, read in place): MT-Bench judge
 * scores per turn, GSM8K and MMLU correctness, for a strong (GPT-4) and a weak (Mixtral) model.
 * Prompts RouteLLM lists as contaminated are dropped, as RouteLLM does.
 */
export const benchmarkNames = ['mt-bench', 'gsm8k', 'mmlu'] as const;
export type BenchmarkName = (typeof benchmarkNames)[number];

export const strongModel = 'gpt-4-1106-preview';
export const weakModel = 'mistralai/Mixtral-8x7B-Instruct-v0.1';

/** One prompt with what each model scored on it. */
export interface RoutingItem {
  id: string;
  benchmark: BenchmarkName;
  /** Items of one group stay in one cross-validation fold: an MT-Bench question, or identical prompt texts. */
  group: string;
  /** The text the router reads (an MT-Bench second turn is read after its first). */
  text: string;
  strongQuality: number;
  weakQuality: number;
  /** MT-Bench only. */
  questionId?: number;
  turn?: 1 | 2;
  /** MT-Bench category or MMLU subject. */
  category?: string;
}

export function routellmDataDir(): string {
  return path.join(resolveSharedDataDir(), 'router', 'routellm');
}

async function contaminatedPrompts(directory: string, benchmark: string): Promise<Set<string>> {
  const lines = await readJsonLines(path.join(directory, `${benchmark}_contaminated_prompts.jsonl`));
  return new Set(lines.map(({ value }) => (value as { eval_prompt: string }).eval_prompt));
}

function correctness(value: string | undefined, where: string): number {
  if (value === 'True') return 1;
  if (value === 'False') return 0;
  throw new Error(`${where}: expected True or False, found ${JSON.stringify(value)}`);
}

interface MtBenchQuestion {
  question_id: number;
  category: string;
  turns: [string, string];
}

interface MtBenchJudgement {
  question_id: number;
  model: string;
  turn: 1 | 2;
  score: number;
}

async function loadMtBench(directory: string): Promise<RoutingItem[]> {
  const contaminated = await contaminatedPrompts(directory, 'mt_bench');
  const questions = (await readJsonLines(path.join(directory, 'mt_bench_question.jsonl'))).map(
    ({ value }) => value as MtBenchQuestion,
  );
  const scores = new Map<string, number>();
  for (const { value } of await readJsonLines(path.join(directory, 'mt_bench_judgements.jsonl'))) {
    const judgement = value as MtBenchJudgement;
    scores.set(`${judgement.question_id}/${judgement.model}/${judgement.turn}`, judgement.score);
  }
  const score = (questionId: number, model: string, turn: number): number => {
    const found = scores.get(`${questionId}/${model}/${turn}`);
    if (found === undefined || found < 0)
      throw new Error(`MT-Bench: no judge score for question ${questionId}, ${model}, turn ${turn}`);
    return found;
  };
  return questions
    .filter((question) => !question.turns.some((turn) => contaminated.has(turn)))
    .flatMap((question) =>
      ([1, 2] as const).map((turn) => ({
        id: `mt-bench:${question.question_id}:${turn}`,
        benchmark: 'mt-bench' as const,
        group: `mt-bench:${question.question_id}`,
        text: routingTextForConversation(question.turns.slice(0, turn)),
        strongQuality: score(question.question_id, strongModel, turn),
        weakQuality: score(question.question_id, weakModel, turn),
        questionId: question.question_id,
        turn,
        category: question.category,
      })),
    );
}

function correctnessItems(
  benchmark: 'gsm8k' | 'mmlu',
  records: Record<string, string>[],
  source: string,
  contaminated: Set<string>,
  category?: string,
): RoutingItem[] {
  return records
    .map((record, index) => ({ record, index }))
    .filter(({ record }) => !contaminated.has(record.prompt!))
    .map(({ record, index }) => ({
      id: `${source}:${index}`,
      benchmark,
      group: `prompt:${record.prompt}`,
      text: record.prompt!,
      strongQuality: correctness(record[strongModel], `${source} row ${index + 1}`),
      weakQuality: correctness(record[weakModel], `${source} row ${index + 1}`),
      ...(category ? { category } : {}),
    }));
}

async function loadGsm8k(directory: string): Promise<RoutingItem[]> {
  const records = parseCsvRecords(await readFile(path.join(directory, 'gsm8k_gsm8k_responses.csv'), 'utf8'));
  return correctnessItems('gsm8k', records, 'gsm8k', await contaminatedPrompts(directory, 'gsm8k'));
}

async function loadMmlu(directory: string): Promise<RoutingItem[]> {
  const contaminated = await contaminatedPrompts(directory, 'mmlu');
  const files = (await readdir(path.join(directory, 'mmlu'))).filter((file) => /^mmlu_.+\.csv$/.test(file)).sort();
  const items: RoutingItem[] = [];
  for (const file of files) {
    const records = parseCsvRecords(await readFile(path.join(directory, 'mmlu', file), 'utf8'));
    const subject = file.replace(/^mmlu_|\.csv$/g, '');
    items.push(...correctnessItems('mmlu', records, `mmlu:${subject}`, contaminated, subject));
  }
  return items;
}

/** Every item of the three benchmarks, contaminated prompts dropped, in a fixed order. */
export async function loadRoutellmItems(directory = routellmDataDir()): Promise<RoutingItem[]> {
  const [mtBench, gsm8k, mmlu] = await Promise.all([loadMtBench(directory), loadGsm8k(directory), loadMmlu(directory)]);
  return [...mtBench, ...gsm8k, ...mmlu];
}
