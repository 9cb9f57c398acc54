import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts without loading the toast library up front: the first toast loads it (and mounts the
 * toaster, see app/ToasterHost.tsx), and every toast raised before it is ready waits here and is
 * shown then, in order. The API is the subset of sonner's `toast` the app uses.
 */
type Sonner = typeof sonnerToast;
type Kind = 'error' | 'success' | 'warning';
type Message = Parameters<Sonner['error']>[0];

const waiting: Array<[Kind, Message, ExternalToast | undefined]> = [];
const listeners = new Set<() => void>();
let deliver: Sonner | undefined;
let wanted = false;

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  if (deliver) {
    deliver[kind](message, options);
    return;
  }
  waiting.push([kind, message, options]);
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
}

export const toast = {
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
};

/** Whether a toast has been raised, so the toaster must be loaded. */
export function isToasterWanted(): boolean {
  return wanted;
}

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called by the mounted toaster: shows the toasts that waited, then delivers new ones directly.
 * Returns the function to call when the toaster unmounts.
 */
export function connectToaster(sonner: Sonner): () => void {
  deliver = sonner;
  for (const [kind, message, options] of waiting.splice(0)) sonner[kind](message, options);
  return () => {
    if (deliver === sonner) deliver = undefined;
  };
}
