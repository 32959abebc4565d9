import { defaultPreferences, type ChatModel, type Preferences } from '@contracts';
import { fakeApi } from '../../../test/fake-api';
import type { RecordedRequest, StubAnswer } from '../../../test/fetch-stub';

const testModels: ChatModel[] = [
  { model_id: 'gpt-4o-mini', name: 'GPT-4o mini', provider: 'openai', max_tokens: 16_384 },
  { model_id: 'claude-sonnet-4', name: 'Claude Sonnet 4', provider: 'anthropic', max_tokens: 8_192 },
];

/** The fake server with the Preferences calls and the model list, for user-1. */
export function fakeSettingsApi(
  options: { stored?: Partial<Preferences>; routes?: Record<string, (request: RecordedRequest) => StubAnswer> } = {},
) {
  let stored: Preferences = { ...defaultPreferences, ...options.stored };
  const api = fakeApi({
    routes: {
      'GET /preferences/user/user-1': () => ({ body: stored }),
      'PUT /preferences/user/user-1': (request) => {
        stored = { ...stored, ...(request.body as Partial<Preferences>) };
        return { body: stored };
      },
      'DELETE /preferences/user/user-1/history': () => ({ body: { success: true, deletedCount: 3 } }),
      'DELETE /preferences/user/user-1/account': () => {
        stored = { ...defaultPreferences };
        return { body: { success: true } };
      },
      'GET /conversation/models': () => ({ body: { models: testModels } }),
      ...options.routes,
    },
  });
  const calls = (method: string, path: string) =>
    api.requests.filter((request) => request.method === method && request.path === `/api${path}`);
  return { ...api, calls };
}
