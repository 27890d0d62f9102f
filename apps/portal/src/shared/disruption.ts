/** A fatal disruption as the fatal page shows it (spec 000 §2.4), already in the user's language. */
export interface FatalDisruption {
  title?: string;
  message: string;
}

/** Router state of `/fatal`: the page redirects to login when it holds no disruption. */
export interface FatalRouteState {
  disruption: FatalDisruption;
}

export function readFatalDisruption(state: unknown): FatalDisruption | null {
  if (typeof state !== 'object' || state === null || !('disruption' in state)) return null;
  const disruption: unknown = state.disruption;
  if (typeof disruption !== 'object' || disruption === null || !('message' in disruption)) return null;
  const { message } = disruption;
  if (typeof message !== 'string' || message === '') return null;
  const title = 'title' in disruption && typeof disruption.title === 'string' ? disruption.title : undefined;
  return title === undefined ? { message } : { title, message };
}
