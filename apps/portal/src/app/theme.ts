import { contrast, isHexColour, TEXT_CONTRAST, textColourOn } from '@gridline/contracts/colors';
import type { ReleaseTheme } from '@gridline/contracts/settings';

type Theme = Pick<ReleaseTheme, 'primaryColor' | 'secondaryColor' | 'borderRadius'>;

export { textColourOn };

const radius: Record<ReleaseTheme['borderRadius'], string> = {
  NONE: '0px',
  SMALL: '4px',
  MEDIUM: '8px',
  LARGE: '16px',
  MAX: '9999px',
};

/**
 * CSS variables from the organisation's theme. `--color-primary-text` is the primary colour when
 * it is readable as text on white (4.5:1), else a dark grey, so that links and the logo stay
 * legible whatever the brand colour. Colours that are not hex colours are left out,
 * so the stylesheet's defaults apply.
 */
export function themeVariables(theme: Theme): Record<string, string> {
  const variables: Record<string, string> = { '--radius': radius[theme.borderRadius] ?? radius.MEDIUM };
  if (isHexColour(theme.primaryColor)) {
    variables['--color-primary'] = theme.primaryColor;
    variables['--color-on-primary'] = textColourOn(theme.primaryColor);
    variables['--color-primary-text'] = contrast(theme.primaryColor, '#ffffff') >= TEXT_CONTRAST ? theme.primaryColor : '#1f2937';
  }
  if (isHexColour(theme.secondaryColor)) {
    variables['--color-secondary'] = theme.secondaryColor;
    variables['--color-on-secondary'] = textColourOn(theme.secondaryColor);
  }
  return variables;
}

export function applyTheme(theme: ReleaseTheme, element: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    element.style.setProperty(name, value);
  }
  if (theme.favicon) {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.head.appendChild(document.createElement('link'));
    icon.rel = 'icon';
    icon.href = theme.favicon;
  }
}
