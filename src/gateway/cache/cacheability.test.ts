import { describe, expect, it } from 'vitest';
import { isCacheable, maxCacheablePromptCharacters } from './cacheability';

describe('the cacheability guard', () => {
  it.each([
    'How do I reset my password?',
    'Explain how alternating current works',
    'Write a poem about cats',
    'What is the capital of France?',
    'How do I back up my database?',
    'How do I share my calendar with a colleague?',
    'Summarise the causes of the First World War',
    'What is the current flowing through a 10 ohm resistor at 5 V?',
    'How do news agencies verify their sources?',
    'Do I have to pay tax on a gift from my parents?',
    'What is the date of the French Revolution?',
    'How many eggs do I have to use for a sponge cake?',
    'Translate "good morning" into Spanish',
    'Why is the sky blue?',
  ])('caches %j', (prompt) => {
    expect(isCacheable(prompt)).toEqual({ cacheable: true });
  });

  it.each([
    ['What is the weather in London today?', 'present-time'],
    ["What's the latest news about the election?", 'present-time'],
    ['Who is the current president of France?', 'present-time'],
    ['What time is it?', 'present-time'],
    ['What is the bitcoin price right now?', 'present-time'],
    ['Any news on the merger this week?', 'present-time'],
    ['How many days until Christmas?', 'present-time'],
    ['What is my account balance?', 'personal-data'],
    ['Show me my last orders', 'personal-data'],
    ['When is my next meeting?', 'personal-data'],
    ['Summarise my unread emails', 'personal-data'],
    ['What did I ask you earlier?', 'personal-data'],
    ["What's my name?", 'personal-data'],
    ['How many tokens have I used?', 'personal-data'],
    ['My name is Alice Smith, write me a cover letter', 'personal-data'],
    ['Email me at alice@example.com with the summary', 'personal-data'],
    ['Call me back on 555-123-4567', 'personal-data'],
    ['   ', 'empty'],
  ])('does not cache %j (%s)', (prompt, reason) => {
    expect(isCacheable(prompt)).toMatchObject({ cacheable: false, reason });
  });

  it('says which words refused the prompt', () => {
    expect(isCacheable('Tell me the latest news')).toEqual({
      cacheable: false,
      reason: 'present-time',
      matched: 'latest',
    });
  });

  it('does not read, or cache, a prompt longer than its bound: the whole prompt would have to be searched for personal data', () => {
    const question = 'Explain how alternating current works. ';
    const atTheBound = question.repeat(Math.floor(maxCacheablePromptCharacters / question.length));
    expect(isCacheable(atTheBound)).toEqual({ cacheable: true });
    expect(isCacheable(`${atTheBound}${'x'.repeat(maxCacheablePromptCharacters)}`)).toEqual({
      cacheable: false,
      reason: 'too-long',
      matched: '',
    });
  });

  it.each([
    [
      'Is the bakery on the corner of Main Street open now?',
      'present-time',
      'is the bakery on the corner of main street open now',
    ],
    ['How many apples have I eaten?', 'personal-data', 'how many apples have i'],
    ['write to first.last+news@mail.example.org', 'personal-data', 'first.last+news@mail.example.org'],
  ])('finds the cues read by scanners in %j', (prompt, reason, matched) => {
    expect(isCacheable(prompt)).toEqual({ cacheable: false, reason, matched });
  });
});
