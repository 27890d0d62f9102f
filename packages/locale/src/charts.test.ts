import { describe, expect, it } from 'vitest';
import { yAxisStep } from './charts.ts';

describe('yAxisStep', () => {
  it.each([
    [1000, 50],
    [100, 50],
    [99.99, 25],
    [50, 25],
    [49.99, 10],
    [20, 10],
    [19.99, 5],
    [10, 5],
    [9.99, 2],
    [4, 2],
    [3.99, 0.5],
    [1, 0.5],
    [0.99, 0.1],
    [0, 0.1],
    [Number.NaN, 0.1],
  ])('range %d gives step %d', (range, step) => {
    expect(yAxisStep(range)).toBe(step);
  });
});
