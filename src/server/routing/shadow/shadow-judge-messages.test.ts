import { describe, expect, it } from 'vitest';
import { readsAsGood, shadowJudgeMessages } from './shadow-judge-messages';

describe("shadow evaluation's judge", () => {
  it.each([
    ['as good', true],
    ['As good.', true],
    ['"AS GOOD"', true],
    ['worse', false],
    ['not as good', false],
    ['as good as B? no, worse', false],
    ['', false],
  ])('reads %j as %s', (reply, asGood) => expect(readsAsGood(reply)).toBe(asGood));

  it('shows the judge the question and both answers whole', () => {
    const [system, user] = shadowJudgeMessages('Why?', 'Because.', 'Because of physics.');
    expect(system!.role).toBe('system');
    expect(user!.content).toContain('Question:\nWhy?');
    expect(user!.content).toContain('Answer A:\nBecause.');
    expect(user!.content).toContain('Answer B:\nBecause of physics.');
  });
});
