import { contrast, isHexColour, TEXT_CONTRAST, textColourOn } from '@gridline/contracts/colors';
import type { ReleaseTheme } from '@gridline/contracts/settings';

/** The brand fields every theme has, and the parts of spec 002's theme the portal draws with (optional: a draft may lack them). */
type Theme = Pick<ReleaseTheme, 'primaryColor' | 'secondaryColor' | 'borderRadius'> & {
  buttons?: DeepPartial<ReleaseTheme['buttons']>;
  surfaces?: DeepPartial<ReleaseTheme['surfaces']>;
  views?: DeepPartial<ReleaseTheme['views']>;
};
type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

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
 * legible whatever the brand colour. The theme's buttons, primary surface and primary view
 * (spec 002 §3, decision 0055) set the buttons', cards' and page's colours. Colours that are
 * not hex colours are left out, so the stylesheet's defaults apply.
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
  const colour = (name: string, value: unknown) => {
    if (typeof value === 'string' && isHexColour(value)) variables[name] = value;
  };
  const buttonRadius = theme.buttons?.borderRadius;
  if (buttonRadius && buttonRadius in radius) variables['--button-radius'] = radius[buttonRadius];
  colour('--button-filled-background', theme.buttons?.variants?.filled?.background);
  colour('--button-filled-text', theme.buttons?.variants?.filled?.text);
  colour('--button-outlined-background', theme.buttons?.variants?.outlined?.background);
  colour('--button-outlined-text', theme.buttons?.variants?.outlined?.text);
  colour('--button-outlined-border', theme.buttons?.variants?.outlined?.border);
  colour('--color-surface', theme.surfaces?.variants?.primary?.background);
  colour('--color-text', theme.surfaces?.variants?.primary?.text);
  colour('--color-background', theme.views?.variants?.primary?.background?.color);
  return variables;
}

function setVariables(theme: Theme, element: HTMLElement): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) {
    element.style.setProperty(name, value);
  }
}

/** The draft theme the back office's preview sent, which wins over the release while it lasts. */
let previewTheme: Theme | null = null;

export function applyTheme(theme: ReleaseTheme, element: HTMLElement = document.documentElement): void {
  setVariables(previewTheme ?? theme, element);
  if (theme.favicon && !previewTheme) {
    const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]') ?? document.head.appendChild(document.createElement('link'));
    icon.rel = 'icon';
    icon.href = theme.favicon;
  }
}

export const THEME_PREVIEW_MESSAGE = 'gridline:theme-preview';

/**
 * Whether this page is the back office's theme preview: opened with `?themePreview=1` in a frame
 * whose parent is the back office on this same origin (decision 0055). Anything else (a page of
 * another origin framing it, which the policy forbids anyway, or a visitor with the flag in the
 * address) is the plain portal.
 */
export function isThemePreview(win: Window = window): boolean {
  if (win.parent === win || !new URLSearchParams(win.location.search).has('themePreview')) return false;
  try {
    return win.parent.location.origin === win.location.origin && win.parent.location.pathname.startsWith('/admin/');
  } catch {
    return false;
  }
}

/**
 * In the preview only: takes the draft theme from the back office's messages (its own origin,
 * its own window, nothing else) and applies its colours; answers each with an acknowledgement.
 */
export function listenForThemePreview(win: Window = window): void {
  if (!isThemePreview(win)) return;
  win.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== win.location.origin || event.source !== win.parent) return;
    const data = event.data as { type?: unknown; theme?: unknown } | null;
    if (!data || data.type !== THEME_PREVIEW_MESSAGE || typeof data.theme !== 'object' || data.theme === null) return;
    previewTheme = data.theme as Theme;
    setVariables(previewTheme, win.document.documentElement);
    win.parent.postMessage({ type: `${THEME_PREVIEW_MESSAGE}:applied` }, win.location.origin);
  });
  win.parent.postMessage({ type: `${THEME_PREVIEW_MESSAGE}:ready` }, win.location.origin);
}
