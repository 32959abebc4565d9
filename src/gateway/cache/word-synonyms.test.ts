import { describe, expect, it } from 'vitest';
import { areWordNetSynonyms } from './word-synonyms';

describe('WordNet synonyms', () => {
  it.each([
    ['mildew', 'mold'],
    ['toilet', 'bathroom'],
    ['specific', 'particular'],
    ['beget', 'father'],
  ])('finds %j and %j in one synset within their first two senses', (first, second) => {
    expect(areWordNetSynonyms(first, second, 2)).toBe(true);
    expect(areWordNetSynonyms(second, first, 2)).toBe(true);
  });

  it('counts only the senses asked for: "mold" means "mildew" in its second verb sense', () => {
    expect(areWordNetSynonyms('mold', 'mildew', 1)).toBe(false);
    expect(areWordNetSynonyms('mold', 'mildew', 2)).toBe(true);
    expect(areWordNetSynonyms('keep', 'prevent', 2)).toBe(false); // keep's fourth sense
    expect(areWordNetSynonyms('keep', 'prevent', 5)).toBe(true);
    expect(areWordNetSynonyms('mold', 'mildew', 0)).toBe(false);
  });

  it('looks a written word up by its noun and verb base forms', () => {
    expect(areWordNetSynonyms('molds', 'mildewed', 2)).toBe(true);
    expect(areWordNetSynonyms('toilets', 'bathrooms', 2)).toBe(true);
  });

  it('never joins words through a shared stem: "clothes" is no form of "clothed", a synonym of "wrapped"', () => {
    expect(areWordNetSynonyms('clothed', 'wrapped', 2)).toBe(true);
    expect(areWordNetSynonyms('clothes', 'wraps', 5)).toBe(false);
  });

  it('never takes antonyms for synonyms, even where a rare sense puts them in one synset', () => {
    // "to father" and "to mother" a child share the synset of "beget".
    expect(areWordNetSynonyms('father', 'mother', 5)).toBe(false);
    expect(areWordNetSynonyms('ravel', 'unravel', 5)).toBe(false);
  });

  it('finds no synonym for different things, for one word, or for unknown words', () => {
    expect(areWordNetSynonyms('cat', 'dog', 5)).toBe(false);
    expect(areWordNetSynonyms('hot', 'cold', 5)).toBe(false);
    expect(areWordNetSynonyms('install', 'uninstall', 5)).toBe(false);
    expect(areWordNetSynonyms('mold', 'mold', 5)).toBe(false);
    expect(areWordNetSynonyms('qwertyuiop', 'mold', 5)).toBe(false);
  });
});
