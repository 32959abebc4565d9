import { describe, expect, it } from 'vitest';
import { nonTestCardDecline, paymentMethodOfTestCard } from './test-cards';

describe('test cards in test mode', () => {
  it.each([
    ['4242 4242 4242 4242', { paymentMethod: 'pm_card_visa' }],
    ['4242-4242-4242-4242', { paymentMethod: 'pm_card_visa' }],
    ['4000000000000002', { paymentMethod: 'pm_card_chargeDeclined' }],
    ['378282246310005', { paymentMethod: 'pm_card_amex' }],
    ['4111 1111 1111 1111', { refused: nonTestCardDecline }],
    ['4242 4242 4242 4241', { refused: 'Your card number is incorrect.' }],
    ['1234', { refused: 'Your card number is incorrect.' }],
    ['abcd efgh ijkl mnop', { refused: 'Your card number is incorrect.' }],
  ])('%s', (number, expected) => {
    expect(paymentMethodOfTestCard(number)).toEqual(expected);
  });
});
