import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  createBodyOf,
  EMPTY_WIZARD,
  fieldErrors,
  handleFormatError,
  isDirty,
  stepErrors,
  stepOfField,
  suggestHandle,
  type WizardState,
} from './wizard-model';

const filled: WizardState = {
  ...EMPTY_WIZARD,
  type: 'trading_group',
  communitySize: '1_50',
  platforms: ['discord'],
  visibility: 'private',
  name: 'London Open',
  handle: 'london-open',
  categories: ['forex'],
};

describe('wizard model', () => {
  it.each([
    ['London Open', 'london-open'],
    ['  2024 Scalpers!!', 'scalpers'],
    ['Café Crème', 'cafe-creme'],
    ['A very long community name that goes on and on', 'a-very-long-community-name-tha'],
  ])('suggests a handle from %j', (name, handle) => expect(suggestHandle(name)).toBe(handle));

  it('checks the handle form before the server', () => {
    expect(handleFormatError('')).toMatch(/Choose a handle/);
    expect(handleFormatError('ab')).toMatch(/3 to 30/);
    expect(handleFormatError('1abc')).toMatch(/starting with a letter/);
    expect(handleFormatError('good_handle-1')).toBeNull();
  });

  it('names what each step misses, in the person’s words', () => {
    expect(stepErrors(EMPTY_WIZARD, 'community_type')).toEqual({ type: 'Choose what kind of community it is.' });
    expect(Object.keys(stepErrors(EMPTY_WIZARD, 'existing_community'))).toEqual(['community_size']);
    expect(stepErrors(EMPTY_WIZARD, 'platforms')).toEqual({});
    expect(stepErrors({ ...filled, existingCommunityUrl: 'discord' }, 'existing_community')).toEqual({
      existing_community_url: 'existing_community_url must be a web address (https://...).',
    });
    const identity = stepErrors({ ...filled, name: 'ab', handle: 'x', categories: [] }, 'identity');
    expect(Object.keys(identity).sort()).toEqual(['categories', 'handle', 'name']);
    expect(fieldErrors(filled)).toEqual({});
  });

  it('sends the contract body: snake_case, no empty address, then parsed', () => {
    expect(bodyOf(filled)).not.toHaveProperty('existing_community_url');
    expect(createBodyOf({ ...filled, existingCommunityUrl: ' https://discord.gg/x ' })).toEqual({
      type: 'trading_group',
      existing_community_url: 'https://discord.gg/x',
      community_size: '1_50',
      platforms: ['discord'],
      visibility: 'private',
      name: 'London Open',
      handle: 'london-open',
      description: '',
      categories: ['forex'],
    });
    expect(createBodyOf(EMPTY_WIZARD)).toBeNull();
  });

  it('knows when something was entered and where a server error belongs', () => {
    expect(isDirty(EMPTY_WIZARD)).toBe(false);
    expect(isDirty({ ...EMPTY_WIZARD, platforms: ['slack'] })).toBe(true);
    expect(stepOfField('handle')).toBe('identity');
    expect(stepOfField('community_size')).toBe('existing_community');
    expect(stepOfField('nonsense')).toBeNull();
  });
});
