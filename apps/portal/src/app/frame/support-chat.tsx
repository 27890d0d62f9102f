import { useEffect, useRef } from 'react';
import type { SupportChat as SupportChatConfig } from '@gridline/contracts/support-chat';
import { chatProviders, chatScript, isMobileDevice, type ChatWindow } from '../../shared/chat/chat-providers.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';

/**
 * Starts the organisation's support chat (spec 000 §2.2, §4.1) once the visitor is signed in:
 * this component lives in the protected frame, so the login page never loads a chat provider's
 * script. Signing out (the frame goes away) stops the widget; signing in again shows it again.
 * Renders nothing itself: the provider's script draws its own launcher.
 */
export function SupportChat({ config }: { config: SupportChatConfig | undefined }) {
  const { language } = useLanguage();
  const languageRef = useRef(language);
  const started = useRef<SupportChatConfig | null>(null);

  useEffect(() => {
    const w = window as unknown as ChatWindow;
    const script = chatScript(config, { mobile: isMobileDevice(navigator) });
    if (!config || !script) return;
    const provider = chatProviders[script.provider];
    const existing = document.getElementById(script.id);
    if (existing) {
      provider.restart(w, config, languageRef.current);
    } else {
      provider.prepare(w, config, languageRef.current);
      const element = document.createElement('script');
      element.id = script.id;
      element.src = script.src;
      element.async = true;
      element.addEventListener('load', () => provider.setLanguage(w, languageRef.current), { once: true });
      document.body.appendChild(element);
    }
    started.current = config;
    return () => {
      started.current = null;
      provider.stop(w);
    };
  }, [config]);

  useEffect(() => {
    languageRef.current = language;
    if (started.current) chatProviders[started.current.provider].setLanguage(window as unknown as ChatWindow, language);
  }, [language]);

  return null;
}
