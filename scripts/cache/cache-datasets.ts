import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A question and a paraphrase of it (GPTCache's mock data: all positives). */
export interface ParaphrasePair {
  origin: string;
  similar: string;
}

/** A question pair labelled 0 (different topic) to 5 (same question) by STS 2016 annotators. */
export interface LabelledPair {
  label: number;
  first: string;
  second: string;
}

export async function readGptCachePairs(dataDir: string): Promise<ParaphrasePair[]> {
  const file = path.join(dataDir, 'cache', 'gptcache_mock_data.json');
  const pairs = JSON.parse(await readFile(file, 'utf8')) as ParaphrasePair[];
  if (
    !Array.isArray(pairs) ||
    pairs.some((pair) => typeof pair.origin !== 'string' || typeof pair.similar !== 'string')
  ) {
    throw new Error(`${file}: expected an array of {origin, similar}`);
  }
  return pairs;
}

export async function readStsPairs(dataDir: string): Promise<LabelledPair[]> {
  const file = path.join(dataDir, 'cache', 'sts2016_question_question_labelled.tsv');
  return (await readFile(file, 'utf8'))
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const [label, first, second] = line.split('\t');
      if (label === undefined || first === undefined || second === undefined || !/^[0-5]$/.test(label))
        throw new Error(`${file} line ${index + 1}: expected label<TAB>q1<TAB>q2`);
      return { label: Number(label), first, second };
    });
}
