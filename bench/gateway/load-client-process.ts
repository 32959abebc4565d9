/** Forks the load client (load-client.ts) and runs jobs in it, one at a time. */
import { fork } from 'node:child_process';
import path from 'node:path';
import { projectRoot } from '../support/server-process';
import type { ClientCommand, ClientReport, LoadJob, StreamSample } from './load-job';

export interface LoadClient {
  /** Runs the job; `onAllStarted` fires once every worker's first stream has its first text (or failed). */
  run(job: LoadJob, onAllStarted?: () => void): Promise<StreamSample[]>;
  /** Closes every stream of the running job that is still open. */
  abort(): void;
  stop(): void;
}

export function startLoadClient(): LoadClient {
  const child = fork(path.join(projectRoot, 'bench/gateway/load-client.ts'), [], {
    cwd: projectRoot,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    run(job, onAllStarted) {
      return new Promise((resolve, reject) => {
        const onExit = () => reject(new Error('the load client exited during a job'));
        const onMessage = (report: ClientReport) => {
          if (report.type === 'all-started') onAllStarted?.();
          else {
            child.off('message', onMessage);
            child.off('exit', onExit);
            resolve(report.samples);
          }
        };
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send({ type: 'run', job } satisfies ClientCommand);
      });
    },
    abort: () => void child.send({ type: 'abort' } satisfies ClientCommand),
    stop: () => void child.kill(),
  };
}
