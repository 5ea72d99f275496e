import { describe, expect, it } from 'vitest';
import { comboboxKey } from './combobox-keys';

describe('the address combobox keyboard', () => {
  const open = (active: number, count = 3) => ({ isOpen: true, active, count });

  it('moves down and up through the options, wrapping at both ends', () => {
    expect(comboboxKey('ArrowDown', open(-1))).toEqual({ kind: 'move', active: 0 });
    expect(comboboxKey('ArrowDown', open(1))).toEqual({ kind: 'move', active: 2 });
    expect(comboboxKey('ArrowDown', open(2))).toEqual({ kind: 'move', active: 0 });
    expect(comboboxKey('ArrowUp', open(0))).toEqual({ kind: 'move', active: 2 });
    expect(comboboxKey('ArrowUp', open(-1))).toEqual({ kind: 'move', active: 2 });
    expect(comboboxKey('ArrowUp', open(2))).toEqual({ kind: 'move', active: 1 });
  });

  it('opens a closed list with the arrows when there are suggestions, and leaves the arrows alone without', () => {
    expect(comboboxKey('ArrowDown', { isOpen: false, active: -1, count: 2 })).toEqual({ kind: 'move', active: 0 });
    expect(comboboxKey('ArrowUp', { isOpen: false, active: -1, count: 2 })).toEqual({ kind: 'move', active: 1 });
    expect(comboboxKey('ArrowDown', { isOpen: false, active: -1, count: 0 })).toEqual({ kind: 'ignore' });
  });

  it('takes the highlighted place on Enter, the best one when none is highlighted, and looks the text up with no list', () => {
    expect(comboboxKey('Enter', open(1))).toEqual({ kind: 'choose', index: 1 });
    expect(comboboxKey('Enter', open(-1))).toEqual({ kind: 'choose', index: 0 });
    expect(comboboxKey('Enter', { isOpen: false, active: -1, count: 3 })).toEqual({ kind: 'resolve' });
    expect(comboboxKey('Enter', { isOpen: true, active: -1, count: 0 })).toEqual({ kind: 'resolve' });
  });

  it('closes an open list on Escape and lets Escape through when closed; other keys are the field’s', () => {
    expect(comboboxKey('Escape', open(0))).toEqual({ kind: 'close' });
    expect(comboboxKey('Escape', { isOpen: false, active: -1, count: 3 })).toEqual({ kind: 'ignore' });
    expect(comboboxKey('a', open(0))).toEqual({ kind: 'ignore' });
    expect(comboboxKey('Tab', open(0))).toEqual({ kind: 'ignore' });
  });
});
