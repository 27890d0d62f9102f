import { z } from 'zod';

/**
 * The support chat of the portal (spec 000 §2.2, §4.1): one of several chat providers' widgets,
 * chosen by the organisation's release (`featureConfigurations.public.supportChat`), started
 * after sign-in. Each provider needs its own identifiers; `scriptUrl` replaces the provider's
 * script address (a self-hosted copy, or the demo's stand-in) and must be https or a path on the
 * portal's own site.
 */
export const chatProviders = ['intercom', 'zendesk', 'tawk'] as const;
export const ChatProvider = z.enum(chatProviders);
export type ChatProvider = z.infer<typeof ChatProvider>;

const ScriptUrl = z
  .string()
  .max(500)
  .regex(/^(https:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/, 'CHAT_SCRIPT_URL');

export const SupportChat = z.discriminatedUnion('provider', [
  /** Intercom Messenger: the workspace's app id. */
  z.object({ provider: z.literal('intercom'), appId: z.string().regex(/^[a-z0-9]{4,20}$/, 'CHAT_INTERCOM_APP_ID'), scriptUrl: ScriptUrl.optional() }),
  /** Zendesk messaging (Web Widget): the widget key, a UUID. */
  z.object({ provider: z.literal('zendesk'), key: z.uuid('CHAT_ZENDESK_KEY'), scriptUrl: ScriptUrl.optional() }),
  /** tawk.to: the property id and the widget id. */
  z.object({
    provider: z.literal('tawk'),
    propertyId: z.string().regex(/^[0-9a-f]{24}$/, 'CHAT_TAWK_PROPERTY_ID'),
    widgetId: z.string().regex(/^[0-9a-z]{1,20}$/, 'CHAT_TAWK_WIDGET_ID'),
    scriptUrl: ScriptUrl.optional(),
  }),
]);
export type SupportChat = z.infer<typeof SupportChat>;
