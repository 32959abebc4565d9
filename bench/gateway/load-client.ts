/**
 * The load client, in a process of its own (forked by the bench): runs each job it is sent over
 * IPC and answers with one sample per stream. Plain node:http with an uncapped keep-alive agent,
 * timing each stream from sending the request to its first byte, first text and end.
 */
import http from 'node:http';
import type { ClientCommand, ClientReport, LoadJob, StreamRequest, StreamSample } from './load-job';
import { randomWords } from './prompt-words';

const timeoutMs = 120_000;
// The timeout makes the agent honour the servers' keep-alive hint (see bare-proxy.ts).
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: timeoutMs });
// In an OpenAI chunk, text is `"content":"<something>"`; the opening chunk has `"content":""`.
const sseTextPattern = /"content":"[^"]/;

function send(report: ClientReport): void {
  process.send!(report);
}

let requestNumber = 0;
const open = new Set<http.ClientRequest>();

function streamOnce(request: StreamRequest, onFirstText: () => void): Promise<StreamSample> {
  const body = request.body.replaceAll('{{n}}', String(++requestNumber)).replaceAll('{{words}}', () => randomWords(6));
  return new Promise((resolve) => {
    const started = performance.now();
    let firstByteMs = Number.NaN;
    let firstTextMs = Number.NaN;
    let tail = '';
    const parts: string[] = [];
    const finish = (ok: boolean, error?: string) =>
      resolve({
        ok,
        firstByteMs,
        firstTextMs,
        totalMs: performance.now() - started,
        ...(error ? { error, sent: body } : {}),
      });

    const outgoing = http.request(
      request.url,
      {
        method: 'POST',
        agent,
        headers: { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const elapsed = performance.now() - started;
          if (Number.isNaN(firstByteMs)) firstByteMs = elapsed;
          if (Number.isNaN(firstTextMs)) {
            const hasText = request.format === 'text' ? chunk.length > 0 : sseTextPattern.test(tail + chunk);
            tail = chunk.slice(-32);
            if (hasText) {
              firstTextMs = elapsed;
              onFirstText();
            }
          }
          parts.push(chunk);
        });
        response.on('end', () => {
          const answer = parts.join('');
          const terminated =
            request.format === 'text'
              ? answer.includes('\n[META]') && !answer.includes('\n[ERROR]')
              : answer.includes('data: [DONE]');
          const whole = terminated && answer.includes(request.lastWord);
          if (response.statusCode !== 200) finish(false, `HTTP ${response.statusCode} ${answer.slice(0, 160)}`);
          else if (whole) finish(true);
          else if (request.format === 'text' && answer.includes('\n[ERROR]'))
            finish(false, `in-stream ${answer.slice(answer.indexOf('\n[ERROR]') + 1, 200)}`);
          else finish(false, `incomplete body, begins ${JSON.stringify(answer.slice(0, 60))}`);
        });
        response.on('error', (error) => finish(false, (error as NodeJS.ErrnoException).code ?? error.message));
      },
    );
    open.add(outgoing);
    outgoing.on('close', () => open.delete(outgoing));
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error('timeout')));
    outgoing.on('error', (error) => finish(false, (error as NodeJS.ErrnoException).code ?? error.message));
    outgoing.end(body);
  });
}

async function run(job: LoadJob): Promise<StreamSample[]> {
  const samples: StreamSample[] = [];
  let started = 0;
  let failedBeforeText = 0;
  let announced = false;
  // Tells the bench once every worker's first stream is open (or has failed), for the memory probe.
  const check = () => {
    if (!announced && started + failedBeforeText >= job.concurrency) {
      announced = true;
      send({ type: 'all-started' });
    }
  };
  await Promise.all(
    Array.from({ length: job.concurrency }, async () => {
      for (let index = 0; index < job.requestsPerWorker; index++) {
        let sawText = false;
        const sample = await streamOnce(job.request, () => {
          sawText = true;
          if (index === 0) started++;
          check();
        });
        if (index === 0 && !sawText) {
          failedBeforeText++;
          check();
        }
        samples.push(sample);
      }
    }),
  );
  return samples;
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'run') void run(command.job).then((samples) => send({ type: 'done', samples }));
  else for (const outgoing of open) outgoing.destroy(new Error('aborted by the bench'));
});
