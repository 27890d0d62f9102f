import { describe, expect, it } from 'vitest';
import { SupportChat } from '@gridline/contracts/support-chat';
import { chatScript, isMobileDevice } from './chat-providers.ts';

const intercom = SupportChat.parse({ provider: 'intercom', appId: 'abc123de' });
const zendesk = SupportChat.parse({ provider: 'zendesk', key: '3f2a6c1e-8d4b-4e9a-9c1f-2b7d5e8a0c11' });
const tawk = SupportChat.parse({ provider: 'tawk', propertyId: '5f1a2b3c4d5e6f7a8b9c0d1e', widgetId: '1h2j3k4l' });
const desktop = { mobile: false };
const phone = { mobile: true };

describe('chatScript', () => {
  it("loads the configured provider's script", () => {
    expect(chatScript(intercom, desktop)).toEqual({ provider: 'intercom', src: 'https://widget.intercom.io/widget/abc123de', id: 'gridline-chat-intercom' });
    expect(chatScript(zendesk, desktop)).toEqual({
      provider: 'zendesk',
      src: 'https://static.zdassets.com/ekr/snippet.js?key=3f2a6c1e-8d4b-4e9a-9c1f-2b7d5e8a0c11',
      id: 'ze-snippet',
    });
    expect(chatScript(tawk, desktop)?.src).toBe('https://embed.tawk.to/5f1a2b3c4d5e6f7a8b9c0d1e/1h2j3k4l');
  });

  it('skips tawk.to on a phone, and only it', () => {
    expect(chatScript(tawk, phone)).toBeNull();
    expect(chatScript(intercom, phone)?.provider).toBe('intercom');
    expect(chatScript(zendesk, phone)?.provider).toBe('zendesk');
  });

  it('loads a configured script address instead, and nothing without a configuration', () => {
    const local = SupportChat.parse({ provider: 'intercom', appId: 'abc123de', scriptUrl: '/demo/support-chat/intercom.js' });
    expect(chatScript(local, desktop)?.src).toBe('/demo/support-chat/intercom.js');
    expect(chatScript(undefined, desktop)).toBeNull();
    expect(chatScript(null, phone)).toBeNull();
  });

  it('accepts only https or same-site script addresses in a configuration', () => {
    for (const scriptUrl of ['http://widget.example/x.js', '//evil.example/x.js', 'javascript:alert(1)', '/\\evil.example']) {
      expect(SupportChat.safeParse({ provider: 'intercom', appId: 'abc123de', scriptUrl }).success, scriptUrl).toBe(false);
    }
  });
});

describe('isMobileDevice', () => {
  it('believes the client hint where the browser gives one', () => {
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile', userAgentData: { mobile: false } })).toBe(false);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64)', userAgentData: { mobile: true } })).toBe(true);
  });

  it('reads the user agent otherwise', () => {
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' })).toBe(true);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36' })).toBe(true);
    expect(isMobileDevice({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126 Safari/537.36' })).toBe(false);
  });
});
