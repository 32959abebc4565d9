import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A DNS server on loopback (UDP) that answers TXT questions from a table the test fills, so the
 * product's real resolver (node:dns, pointed here by SSO_DNS_SERVERS) checks real DNS answers.
 * Names with no record answer NXDOMAIN.
 */
export interface DnsTestServer {
  /** 127.0.0.1:port, as SSO_DNS_SERVERS takes it. */
  address: string;
  /** TXT values by name (lower case, no trailing dot). */
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

const typeTxt = 16;

export async function startDnsTestServer(): Promise<DnsTestServer> {
  const socket = createSocket('udp4');
  const txt = new Map<string, string[]>();
  socket.on('message', (query, remote) => {
    const answer = answerQuery(query, txt);
    if (answer) socket.send(answer, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    txt,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function answerQuery(query: Buffer, txt: Map<string, string[]>): Buffer | undefined {
  if (query.length < 12) return undefined;
  const labels: string[] = [];
  let offset = 12;
  while (offset < query.length && query[offset] !== 0) {
    const length = query[offset]!;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  const questionEnd = offset + 5;
  if (questionEnd > query.length) return undefined;
  const type = query.readUInt16BE(offset + 1);
  const name = labels.join('.').toLowerCase();
  const values = type === typeTxt ? (txt.get(name) ?? []) : [];
  const known = txt.has(name);

  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  const recursionDesired = query[2]! & 0x01;
  header[2] = 0x84 | recursionDesired; // QR, authoritative, RD echoed
  header[3] = 0x80 | (known ? 0 : 3); // RA; NOERROR or NXDOMAIN
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  const question = query.subarray(12, questionEnd);
  const records = values.map((value) => {
    const text = Buffer.from(value, 'utf8');
    const chunks: Buffer[] = [];
    for (let start = 0; start < text.length || start === 0; start += 255) {
      const piece = text.subarray(start, start + 255);
      chunks.push(Buffer.from([piece.length]), piece);
      if (text.length === 0) break;
    }
    const data = Buffer.concat(chunks);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name, as a pointer to the question's
    record.writeUInt16BE(typeTxt, 2);
    record.writeUInt16BE(1, 4); // IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, question, ...records]);
}
