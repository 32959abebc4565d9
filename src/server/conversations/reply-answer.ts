import type { StreamMetadata } from '../../contracts';
import { AppError } from '../http/app-error';
import type { OpenedReply } from './opened-reply';

/**
 * The non-streaming variant: the whole reply as JSON. With no byte sent yet, a failure midway is
 * still an error status (the partial reply is recorded all the same).
 */
export async function completeWithoutStreaming(reply: OpenedReply): Promise<{ message: string } & StreamMetadata> {
  const result = await reply.complete(async () => {});
  if (result.error) {
    const code = result.error.code;
    throw new AppError(
      code === 'too_many_requests' || code === 'upstream_timeout' ? code : 'upstream_failed',
      result.error.message,
      { deadline: result.error.deadline },
    );
  }
  // As a stream closes only after the reply is stored in the cache, so does this answer.
  await result.afterwards;
  return { message: result.text, ...result.metadata };
}
