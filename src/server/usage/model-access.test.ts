import { describe, expect, it } from 'vitest';
import { defaultOrganisationSettings } from '../../contracts';
import { modelCatalog } from '../../gateway';
import type { Caller } from '../http/context';
import { listUsableModels, presentModel, promptCapacity } from './model-access';
import { isOverRequestLimit } from '../routing/route-request';

const admin: Caller = {
  userId: 'u',
  orgId: 'o',
  sessionId: 's',
  username: 'admin',
  email: 'a@example.test',
  roleId: 'r',
  roleName: 'Admin',
  roleScopes: ['admin'],
  roleUnlimited: true,
};

describe('the max_tokens the model list reports', () => {
  const dependencies = {
    db: undefined as never,
    catalog: modelCatalog,
    localModelEnabled: true,
    providers: { credentialsFor: async () => ({}) } as never,
  };

  it('is, for admins, the prompt limit the server enforces: the window less the reply reserve', async () => {
    const usable = await listUsableModels(dependencies, admin, defaultOrganisationSettings);
    const local = usable.find((candidate) => candidate.model.provider === 'local');
    expect(local).toBeDefined();
    const shown = presentModel(local!).max_tokens;
    expect(shown).toBe(promptCapacity(local!.model));
    expect(shown).toBe(
      local!.model.contextWindow - Math.min(local!.model.maxOutputTokens, Math.floor(local!.model.contextWindow / 2)),
    );
    expect(isOverRequestLimit(local!, 'x'.repeat(shown * 4))).toBe(false);
    expect(isOverRequestLimit(local!, 'x'.repeat(shown * 4 + 1))).toBe(true);
  });

  it("is held to the organisation's max_tokens_per_request, for prompts and replies alike", async () => {
    const [local] = await listUsableModels(dependencies, admin, {
      ...defaultOrganisationSettings,
      max_tokens_per_request: 300,
    });
    expect(presentModel(local!).max_tokens).toBe(300);
    expect(local!.replyTokenCap).toBe(300);
  });
});
