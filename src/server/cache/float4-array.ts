const float4TypeId = 700;
const headerBytes = 20;
const bytesPerElement = 8;

/**
 * Decodes `encode(array_send(real[]), 'base64')`: PostgreSQL's binary array format (dimensions,
 * null flag, element type, length, lower bound, then a 4-byte length and a big-endian float per
 * element). Returns undefined for anything but a one-dimensional real[] without nulls of the
 * expected length, so a malformed row is skipped rather than indexed wrongly.
 */
export function decodeFloat4Array(base64: string, dimensions: number): Float32Array | undefined {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength !== headerBytes + dimensions * bytesPerElement) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const oneDimension = view.getInt32(0) === 1;
  const withoutNulls = view.getInt32(4) === 0;
  if (!oneDimension || !withoutNulls || view.getUint32(8) !== float4TypeId || view.getInt32(12) !== dimensions)
    return undefined;
  const vector = new Float32Array(dimensions);
  for (let index = 0, offset = headerBytes; index < dimensions; index += 1, offset += bytesPerElement) {
    if (view.getInt32(offset) !== 4) return undefined;
    vector[index] = view.getFloat32(offset + 4);
  }
  return vector;
}
