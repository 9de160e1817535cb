import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { forgetProfileBound, profileBound } from './profile-bound.ts';

// A store declared profile-bound starts again when another profile is chosen; any other store keeps its state.

type Counter = { count: number; add(): void };
const counter = () => create<Counter>((set) => ({ count: 0, add: () => set((state) => ({ count: state.count + 1 })) }));

describe('profile-bound stores', () => {
  it('are put back as they started, their actions kept; other stores are left alone', () => {
    const bound = profileBound(counter());
    const other = counter();
    bound.getState().add();
    bound.getState().add();
    other.getState().add();

    forgetProfileBound();

    expect(bound.getState().count).toBe(0);
    bound.getState().add();
    expect(bound.getState().count).toBe(1);
    expect(other.getState().count).toBe(1);
  });
});
