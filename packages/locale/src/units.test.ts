import { describe, expect, it } from 'vitest';
import { formatFileSize, formatUnit, scaleUnit, unitLabel } from './units.ts';

describe('scaleUnit', () => {
  it('turns gCO2 over 1000 into kg and W over 1000 into kW', () => {
    expect(scaleUnit(1500, 'gCO2')).toEqual({ value: 1.5, unit: 'kg' });
    expect(scaleUnit(2500, 'W')).toEqual({ value: 2.5, unit: 'kW' });
    expect(scaleUnit(-2500, 'W')).toEqual({ value: -2.5, unit: 'kW' });
  });

  it('leaves 1000 and below, and other units, unchanged', () => {
    expect(scaleUnit(1000, 'gCO2')).toEqual({ value: 1000, unit: 'gCO2' });
    expect(scaleUnit(999, 'W')).toEqual({ value: 999, unit: 'W' });
    expect(scaleUnit(5000, 'kWh')).toEqual({ value: 5000, unit: 'kWh' });
  });
});

describe('formatUnit', () => {
  it('separates number and unit with a no-break space', () => {
    expect(formatUnit(21.5, '°C', 'sv')).toBe('21,5\u00a0°C');
    expect(formatUnit(3, 'kg', 'en')).toBe('3\u00a0kg');
    expect(formatUnit(12, 'm3', 'fi')).toBe('12\u00a0m³');
    expect(formatUnit(1.25, 'kr', 'sv')).toBe('1,25\u00a0kr');
  });

  it('shows gCO2 above 1000 in kg', () => {
    expect(formatUnit(350, 'gCO2', 'sv')).toBe('350\u00a0g CO₂');
    expect(formatUnit(1000, 'gCO2', 'sv')).toBe('1\u00a0000\u00a0g CO₂');
    expect(formatUnit(1500, 'gCO2', 'sv')).toBe('1,5\u00a0kg');
    expect(formatUnit(1234567, 'gCO2', 'en')).toBe('1,234.6\u00a0kg');
    expect(formatUnit(1500, 'gCO2', 'sv', { scale: false })).toBe('1\u00a0500\u00a0g CO₂');
  });

  it('shows W above 1000 in kW', () => {
    expect(formatUnit(800, 'W', 'de')).toBe('800\u00a0W');
    expect(formatUnit(3450, 'W', 'de')).toBe('3,45\u00a0kW');
  });

  it('shows kWh with up to 2 decimals below 10, else up to 1', () => {
    expect(formatUnit(1.234, 'kWh', 'sv')).toBe('1,23\u00a0kWh');
    expect(formatUnit(9.999, 'kWh', 'sv')).toBe('10\u00a0kWh');
    expect(formatUnit(12.345, 'kWh', 'sv')).toBe('12,3\u00a0kWh');
    expect(formatUnit(12345.67, 'kWh', 'en')).toBe('12,345.7\u00a0kWh');
    expect(formatUnit(12345.67, 'kWh', 'de', { maximumFractionDigits: 0 })).toBe(
      '12\u00a0346\u00a0kWh',
    );
  });

  it('shows percent with 0 to 2 decimals', () => {
    expect(formatUnit(50, '%', 'sv')).toBe('50\u00a0%');
    expect(formatUnit(12.345, '%', 'en')).toBe('12.35\u00a0%');
    expect(formatUnit(12.5, '%', 'fi')).toBe('12,5\u00a0%');
  });

  it('labels units', () => {
    expect(unitLabel('gCO2')).toBe('g CO₂');
    expect(unitLabel('m3')).toBe('m³');
    expect(unitLabel('kWh')).toBe('kWh');
  });
});

describe('formatFileSize', () => {
  it('writes bytes, kilobytes and megabytes with the language’s separators', () => {
    expect(formatFileSize(397, 'en')).toBe('397\u00a0B');
    expect(formatFileSize(12_345, 'sv')).toBe('12,3\u00a0kB');
    expect(formatFileSize(1_250_000, 'en')).toBe('1.25\u00a0MB');
    expect(formatFileSize(2_000_000, 'de')).toBe('2\u00a0MB');
  });
});
