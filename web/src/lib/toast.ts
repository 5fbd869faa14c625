/**
 * Toasts for the code every first visit runs (the API client's failures, the chat button): sonner
 * downloads with the first toast, or with the Toaster (RootLayout.tsx, after the first paint), not
 * with the first screen. A toast raised before the Toaster mounts is shown when it does (sonner
 * hands a late Toaster the toasts still open). Pages' own code imports sonner directly.
 */
let sonner: Promise<typeof import('sonner')> | undefined;

/** sonner's module, downloaded once. */
export const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

export const toast = {
  error: (message: string) => void loadSonner().then((s) => s.toast.error(message)),
};
