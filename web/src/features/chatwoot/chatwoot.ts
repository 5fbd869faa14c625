import type { ChatProviderConfig } from '@mall/shared/app-config';
import { CHATWOOT_CALLS, type ChatwootIdentity, chatwootSdkUrl } from '@mall/shared/contract/chatwoot';
import { api } from '../../api/client.ts';
import { useSession } from '../../state/session-store.ts';

/**
 * Chatwoot's widget in place of the shop's own chat (CHAT_PROVIDER=chatwoot; docs/chat.md:
 * Chatwoot). Its script loads on the first click of "Chat with us", like the built-in panel; a
 * signed-in member is then identified with the identity the server signed (identifier, its HMAC,
 * custom attributes and the labels vip, retail, wholesale), and the widget opens. Its own bubble
 * stays hidden: the shop's button opens it.
 */

/** The part of Chatwoot's `window.$chatwoot` the shop uses. */
export interface ChatwootWidget {
  setUser(identifier: string, user: { name: string; email: string; identifier_hash: string }): void;
  setCustomAttributes(attributes: Record<string, string | number | boolean>): void;
  setLabel(label: string): void;
  toggle(state?: 'open' | 'close'): void;
  reset(): void;
}

declare global {
  interface Window {
    chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
    chatwootSettings?: Record<string, unknown>;
    $chatwoot?: ChatwootWidget;
  }
}

type ChatwootSettings = Extract<ChatProviderConfig, { provider: 'chatwoot' }>;

let loading: Promise<ChatwootWidget> | null = null;

// Whoever signs out leaves Chatwoot's contact and conversation behind for the next visitor.
useSession.subscribe((now, before) => {
  if (before.token !== null && now.token === null) window.$chatwoot?.reset();
});

/** Loads the widget's script once and answers the widget when Chatwoot says it is ready. */
export const loadChatwoot = (settings: ChatwootSettings): Promise<ChatwootWidget> => {
  loading ??= new Promise<ChatwootWidget>((resolve, reject) => {
    window.chatwootSettings = { hideMessageBubble: true, position: 'right', locale: 'en' };
    const script = document.createElement('script');
    script.src = chatwootSdkUrl(settings.baseUrl);
    script.async = true;
    script.onload = () => {
      window.addEventListener('chatwoot:ready', () => resolve(window.$chatwoot as ChatwootWidget), {
        once: true,
      });
      window.chatwootSDK?.run({ websiteToken: settings.websiteToken, baseUrl: settings.baseUrl });
    };
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error(`Chatwoot's script did not load from ${script.src}`));
    };
    document.head.append(script);
  });
  return loading;
};

/** Tells the widget who the member is, as the server signed it (nothing for a guest). */
export const identifyInChatwoot = (widget: ChatwootWidget, identity: ChatwootIdentity | null) => {
  if (!identity) return;
  widget.setUser(identity.identifier, { ...identity.user, identifier_hash: identity.identifierHash });
  if (Object.keys(identity.customAttributes).length > 0)
    widget.setCustomAttributes(identity.customAttributes);
  for (const label of identity.labels) widget.setLabel(label);
};

/** "Chat with us" on a Chatwoot shop: loads the widget, identifies a member, opens it. */
export const openChatwoot = async (
  settings: ChatwootSettings,
  page: { pagePath: string; cartCount: number },
): Promise<void> => {
  const signedIn = useSession.getState().token !== null;
  const [widget, identity] = await Promise.all([
    loadChatwoot(settings),
    // A member whose identity cannot be had (a session just ended) still reaches the shop, as a guest.
    signedIn
      ? api
          .get<ChatwootIdentity>(`/api${CHATWOOT_CALLS.identity}`, {
            toast: false,
            query: { pagePath: page.pagePath.slice(0, 500), cartCount: page.cartCount },
          })
          .catch(() => null)
      : null,
  ]);
  identifyInChatwoot(widget, identity);
  widget.toggle('open');
};
