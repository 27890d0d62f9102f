/**
 * Whether this page is the back office's theme preview: opened with `?themePreview=1` in a frame
 * whose parent is the back office on this same origin (decision 0055). Anything else (a page of
 * another origin framing it, which the policy forbids anyway, or a visitor with the flag in the
 * address) is the plain portal.
 */
/* Also where the portal's API client is made (decision 0063): the preview's demo household. */
export function isThemePreview(win: Window = window): boolean {
  if (win.parent === win || new URLSearchParams(win.location.search).get('themePreview') !== '1') return false;
  try {
    return win.parent.location.origin === win.location.origin && win.parent.location.pathname.startsWith('/admin/');
  } catch {
    return false;
  }
}
