import { describe, expect, it } from 'vitest';
import { decodeFloat4Array } from './float4-array';

/** PostgreSQL's array_send output for a one-dimensional real[] (element type 700, lower bound 1). */
function arraySend(values: number[], options: { elementType?: number; nullAt?: number } = {}): string {
  const buffer = Buffer.alloc(20 + values.length * 8);
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(options.nullAt === undefined ? 0 : 1, 4);
  buffer.writeUInt32BE(options.elementType ?? 700, 8);
  buffer.writeInt32BE(values.length, 12);
  buffer.writeInt32BE(1, 16);
  values.forEach((value, index) => {
    buffer.writeInt32BE(index === options.nullAt ? -1 : 4, 20 + index * 8);
    buffer.writeFloatBE(value, 24 + index * 8);
  });
  return buffer.toString('base64');
}

describe('decodeFloat4Array', () => {
  it('reads the floats exactly, line breaks in the base64 included', () => {
    const values = [0.1, -2.5, 3.4028234663852886e38, 1e-7];
    const encoded = arraySend(values).replace(/(.{10})/g, '$1\n');
    expect(Array.from(decodeFloat4Array(encoded, 4)!)).toEqual(values.map((value) => Math.fround(value)));
  });

  it('rejects another length, element type or a null element', () => {
    expect(decodeFloat4Array(arraySend([1, 2, 3]), 4)).toBeUndefined();
    expect(decodeFloat4Array(arraySend([1, 2, 3, 4], { elementType: 701 }), 4)).toBeUndefined();
    expect(decodeFloat4Array(arraySend([1, 2, 3, 4], { nullAt: 2 }), 4)).toBeUndefined();
    expect(decodeFloat4Array('', 4)).toBeUndefined();
  });
});
