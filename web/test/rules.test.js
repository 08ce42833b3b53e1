// Tests of rules.js under node's test runner: node --test web/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ruleOptions, houseFile } from '../rules.js';

test('ruleOptions: the variants, the built-in house modules, a file', () => {
  assert.deepEqual(ruleOptions(['gdw', 'adc2'], ['house/fog', 'house/frost']), [
    ['gdw', 'gdw'],
    ['adc2', 'adc2'],
    ['house/fog', 'fog (a house rule of this server)'],
    ['house/frost', 'frost (a house rule of this server)'],
    [houseFile, 'a house module (.lua file)…'],
  ]);
});

test('ruleOptions: a scenario without variants, a server without house modules', () => {
  assert.deepEqual(ruleOptions([], undefined), [['', 'the scenario\'s own'], [houseFile, 'a house module (.lua file)…']]);
});
