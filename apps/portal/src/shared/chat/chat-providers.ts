import type { ChatProvider, SupportChat } from '@gridline/contracts/support-chat';
import type { Language } from '@gridline/contracts/enums';

/**
 * The chat providers the portal can start (spec 000 §2.2: "a chat widget from one of several chat
 * providers depending on configuration; on mobile devices one provider is skipped"): each one's
 * script, how it is prepared before the script runs, and how it is shown, hidden and told the
 * language. The organisation's release picks one (`featureConfigurations.public.supportChat`).
 *
 * The spec does not say which provider is skipped on phones; here it is tawk.to, whose widget
 * takes the whole screen there (one flag, `mobile`, to move).
 */
/** The globals the providers' scripts read and define. */
export interface ChatWindow {
  intercomSettings?: Record<string, unknown>;
  Intercom?: ((...args: unknown[]) => void) & { q?: unknown[][] };
  zE?: (...args: unknown[]) => void;
  Tawk_API?: { hideWidget?: () => void; showWidget?: () => void; onLoad?: () => void };
  Tawk_LoadStart?: Date;
}

export interface ChatProviderDefinition {
  /** Whether the widget is started on a phone or tablet. */
  mobile: boolean;
  /** The provider's script, unless the configuration names another (`scriptUrl`). */
  scriptUrl(config: SupportChat): string;
  /** The script element's id (Zendesk looks for its own). */
  scriptId: string;
  /** Before the script runs: the globals it reads. */
  prepare(w: ChatWindow, config: SupportChat, language: Language): void;
  /** The script is there already (a second sign-in in the same page): show the widget again. */
  restart(w: ChatWindow, config: SupportChat, language: Language): void;
  /** After the script has loaded (and on a change of language). */
  setLanguage(w: ChatWindow, language: Language): void;
  /** On sign-out: the widget and its conversation go away. */
  stop(w: ChatWindow): void;
}

const intercomSettings = (config: SupportChat, language: Language) => ({
  app_id: config.provider === 'intercom' ? config.appId : '',
  language_override: language,
});

export const chatProviders: Readonly<Record<ChatProvider, ChatProviderDefinition>> = {
  intercom: {
    mobile: true,
    scriptUrl: (config) => `https://widget.intercom.io/widget/${config.provider === 'intercom' ? encodeURIComponent(config.appId) : ''}`,
    scriptId: 'gridline-chat-intercom',
    prepare(w, config, language) {
      w.intercomSettings = intercomSettings(config, language);
      if (typeof w.Intercom !== 'function') {
        // Intercom's own stub: calls made before the script has loaded are queued for it.
        const queue = ((...args: unknown[]) => queue.q?.push(args)) as NonNullable<ChatWindow['Intercom']>;
        queue.q = [];
        w.Intercom = queue;
      }
    },
    restart(w, config, language) {
      w.intercomSettings = intercomSettings(config, language);
      w.Intercom?.('boot', w.intercomSettings);
    },
    setLanguage(w, language) {
      w.Intercom?.('update', { language_override: language });
    },
    stop(w) {
      w.Intercom?.('shutdown');
    },
  },
  zendesk: {
    mobile: true,
    scriptUrl: (config) => `https://static.zdassets.com/ekr/snippet.js?key=${config.provider === 'zendesk' ? encodeURIComponent(config.key) : ''}`,
    scriptId: 'ze-snippet',
    prepare() {},
    restart(w, _config, language) {
      w.zE?.('messenger', 'show');
      w.zE?.('messenger:set', 'locale', language);
    },
    setLanguage(w, language) {
      w.zE?.('messenger:set', 'locale', language);
    },
    stop(w) {
      w.zE?.('messenger', 'close');
      w.zE?.('messenger', 'hide');
    },
  },
  tawk: {
    mobile: false,
    scriptUrl: (config) =>
      config.provider === 'tawk' ? `https://embed.tawk.to/${encodeURIComponent(config.propertyId)}/${encodeURIComponent(config.widgetId)}` : '',
    scriptId: 'gridline-chat-tawk',
    prepare(w) {
      w.Tawk_API = w.Tawk_API ?? {};
      w.Tawk_LoadStart = new Date();
    },
    restart(w) {
      w.Tawk_API?.showWidget?.();
    },
    setLanguage() {
      // tawk.to sets the widget's language in its own dashboard.
    },
    stop(w) {
      w.Tawk_API?.hideWidget?.();
    },
  },
};

/** The script the portal loads for a configuration on this device, or null (no chat, or skipped here). */
export function chatScript(config: SupportChat | null | undefined, device: { mobile: boolean }): { provider: ChatProvider; src: string; id: string } | null {
  if (!config) return null;
  const definition = chatProviders[config.provider];
  if (device.mobile && !definition.mobile) return null;
  return { provider: config.provider, src: config.scriptUrl ?? definition.scriptUrl(config), id: definition.scriptId };
}

/** Whether the browser runs on a phone or tablet: the client hint where there is one, else the user agent. */
export function isMobileDevice(nav: { userAgent: string; userAgentData?: { mobile?: boolean } }): boolean {
  if (typeof nav.userAgentData?.mobile === 'boolean') return nav.userAgentData.mobile;
  return /Android|iPhone|iPad|iPod|Mobile|Windows Phone/i.test(nav.userAgent);
}
