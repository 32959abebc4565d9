import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeQuotedPrintable } from '../../support/quoted-printable';

export interface ReceivedMessage {
  to: string[];
  /** The message as sent, quoted-printable decoded. */
  text: string;
}

/**
 * A real SMTP server that can hold deliveries: while holding, it takes a message's data but does
 * not answer the final "250 OK", so the sender's delivery stays in progress until release().
 */
export interface HoldingSmtpServer {
  url: string;
  /** Messages whose delivery has finished. */
  delivered: ReceivedMessage[];
  hold(): void;
  /** Finishes every held delivery and stops holding. */
  release(): void;
  /** Resolves once a message to the address is being held. */
  heldFor(address: string): Promise<void>;
  /** Resolves once a message to the address (containing the text, when given) has been delivered. */
  deliveredTo(address: string, containing?: string): Promise<ReceivedMessage>;
  close(): Promise<void>;
}

export async function startHoldingSmtpServer(): Promise<HoldingSmtpServer> {
  let holding = false;
  const held: { message: ReceivedMessage; finish: () => void }[] = [];
  const delivered: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const until = <T>(find: () => T | undefined) =>
    new Promise<T>((resolve) => {
      const check = () => {
        const found = find();
        if (found === undefined) return;
        waiters.delete(check);
        resolve(found);
      };
      waiters.add(check);
      check();
    });
  const isTo = (address: string) => (message: ReceivedMessage) => message.to.includes(address.toLowerCase());

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        const message = {
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          text: decodeQuotedPrintable(data),
        };
        const finish = () => {
          delivered.push(message);
          callback();
          notify();
        };
        if (holding) held.push({ message, finish });
        else finish();
        notify();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered,
    hold: () => {
      holding = true;
    },
    release() {
      holding = false;
      for (const { finish } of held.splice(0)) finish();
    },
    heldFor: (address) =>
      until(() => (held.some(({ message }) => isTo(address)(message)) ? true : undefined)).then(() => undefined),
    deliveredTo: (address, containing = '') =>
      until(() => delivered.find((message) => isTo(address)(message) && message.text.includes(containing))),
    close: () => new Promise((resolve) => smtp.close(() => resolve())),
  };
}
