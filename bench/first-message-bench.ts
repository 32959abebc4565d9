/**
 * Is the first message after a start as fast as the second? (issue 13)
 *
 *   npm run bench:first-message            # 5 starts per setting
 *   RUNS=3 npm run bench:first-message
 *
 * For each setting of ENCODER_WARM_AT_START and CHAT_PATH_WARM_AT_START, the real server starts in its own process on a fresh
 * PGlite folder (the embedded model off, the fake OpenAI provider in another process), a user
 * signs up once /api/readyz answers 200, and three different questions are sent one after the
 * other with Auto, each timed from the request to the last byte of the streamed reply. Each
 * question is new, so each is embedded, routed and looked up in the cache.
 *
 * The report goes to stdout (Markdown), progress to stderr.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sendTimedMessage, signUp } from './support/chat-client';
import { startFakeProviderProcess, type FakeProviderProcess } from './support/fake-provider-process';
import { progress } from './support/measure';
import { startServerProcess } from './support/server-process';
import { describeLoad, describeMachine, formatNumber, markdownTable, median } from './support/stats';

const runs = Number(process.env.RUNS ?? 5);
const questions = [
  'How do tides form on the coast?',
  'What makes a good first programming language?',
  'Why is the sky blue during the day?',
];

interface Setting {
  name: string;
  warm: boolean;
  warmChatPath: boolean;
  readyMs: number[];
  /** Per message position (first, second, third): milliseconds to the last byte. */
  messageMs: number[][];
}

function environment(fake: FakeProviderProcess, setting: Setting): Record<string, string> {
  return {
    ENCODER_WARM_AT_START: String(setting.warm),
    CHAT_PATH_WARM_AT_START: String(setting.warmChatPath),
    LOCAL_MODEL_ENABLED: 'false',
    OPENAI_API_KEY: 'sk-bench-dummy',
    OPENAI_BASE_URL: `${fake.url}/v1`,
    TRIAL_CREDIT_USD: '1000',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
}

async function measureOnce(setting: Setting, fake: FakeProviderProcess): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tokenwise-first-message-'));
  const server = await startServerProcess({ dataDir, environment: environment(fake, setting), timeoutMs: 300_000 });
  try {
    setting.readyMs.push(server.readyMs);
    const user = await signUp(server.url, 'first');
    for (const [position, question] of questions.entries()) {
      const reply = await sendTimedMessage(server.url, user, question);
      if (reply.status !== 200) throw new Error(`message ${position + 1} answered ${reply.status}: ${reply.text}`);
      setting.messageMs[position]!.push(reply.ms);
    }
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const fake = await startFakeProviderProcess();
  const settings: Setting[] = [
    {
      name: 'encoder and chat path warmed at start (the default)',
      warm: true,
      warmChatPath: true,
      readyMs: [],
      messageMs: [[], [], []],
    },
    {
      name: 'encoder warmed, chat path not (`CHAT_PATH_WARM_AT_START=false`)',
      warm: true,
      warmChatPath: false,
      readyMs: [],
      messageMs: [[], [], []],
    },
    { name: 'nothing warmed (both `false`)', warm: false, warmChatPath: false, readyMs: [], messageMs: [[], [], []] },
  ];
  try {
    for (let run = 1; run <= runs; run++) {
      for (const setting of settings) {
        progress(`run ${run}/${runs}: ${setting.name}`);
        await measureOnce(setting, fake);
      }
    }
  } finally {
    await fake.stop();
  }
  const ms = (values: number[]) => formatNumber(median(values), 0);
  process.stdout.write(
    [
      `# First message after a start (${runs} starts per setting, medians)`,
      '',
      describeMachine(),
      describeLoad(),
      '',
      markdownTable(
        ['setting', 'start to ready (ms)', 'first message (ms)', 'second (ms)', 'third (ms)'],
        settings.map((setting) => [
          setting.name,
          ms(setting.readyMs),
          ms(setting.messageMs[0]!),
          ms(setting.messageMs[1]!),
          ms(setting.messageMs[2]!),
        ]),
      ),
      '',
    ].join('\n'),
  );
}

await main();
