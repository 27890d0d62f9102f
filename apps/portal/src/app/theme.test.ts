import { describe, expect, it } from 'vitest';
import { textColourOn, themeVariables } from './theme.ts';

describe('themeVariables', () => {
  it('maps the border radius and the colours', () => {
    expect(themeVariables({ primaryColor: '#0b5cad', secondaryColor: '#ffd23f', borderRadius: 'LARGE' })).toEqual({
      '--radius': '16px',
      '--color-primary': '#0b5cad',
      '--color-on-primary': '#ffffff',
      '--color-primary-text': '#0b5cad',
      '--color-secondary': '#ffd23f',
      '--color-on-secondary': '#111827',
    });
    expect(themeVariables({ primaryColor: '#000', secondaryColor: '#fff', borderRadius: 'NONE' })['--radius']).toBe('0px');
    expect(themeVariables({ primaryColor: '#000', secondaryColor: '#fff', borderRadius: 'SMALL' })['--radius']).toBe('4px');
    expect(themeVariables({ primaryColor: '#000', secondaryColor: '#fff', borderRadius: 'MEDIUM' })['--radius']).toBe('8px');
  });

  it('leaves out colours that are not hex colours', () => {
    const variables = themeVariables({ primaryColor: 'red;}', secondaryColor: '', borderRadius: 'SMALL' });
    expect(variables).toEqual({ '--radius': '4px' });
  });
});

describe('the theme parts the portal draws with (decision 0055)', () => {
  it("maps the buttons, the primary surface and the primary view, and leaves out what is not a colour", () => {
    const variables = themeVariables({
      primaryColor: '#0b5d4b',
      secondaryColor: '#f2b705',
      borderRadius: 'MEDIUM',
      buttons: { borderRadius: 'MAX', variants: { filled: { background: '#7a1f5c', text: '#ffffff' }, outlined: { background: '#ffffff', text: 'url(x)', border: '#7a1f5c' } } },
      surfaces: { variants: { primary: { background: '#fafafa', text: '#111827' } } },
      views: { variants: { primary: { background: { color: '#eeeeee' } } } },
    });
    expect(variables).toMatchObject({
      '--button-radius': '9999px',
      '--button-filled-background': '#7a1f5c',
      '--button-filled-text': '#ffffff',
      '--button-outlined-background': '#ffffff',
      '--button-outlined-border': '#7a1f5c',
      '--color-surface': '#fafafa',
      '--color-text': '#111827',
      '--color-background': '#eeeeee',
    });
    expect(variables['--button-outlined-text']).toBeUndefined();
  });
});

describe('primary text colour', () => {
  it('falls back to dark grey when the primary colour is too light to read on white', () => {
    const variables = themeVariables({ primaryColor: '#ffd23f', secondaryColor: '#000', borderRadius: 'SMALL' });
    expect(variables['--color-primary-text']).toBe('#1f2937');
    expect(variables['--color-on-primary']).toBe('#111827');
  });
});

describe('textColourOn', () => {
  it('picks white on dark colours and dark text on light ones', () => {
    expect(textColourOn('#003366')).toBe('#ffffff');
    expect(textColourOn('#f5f5f5')).toBe('#111827');
    expect(textColourOn('#fc0')).toBe('#111827');
  });
});
