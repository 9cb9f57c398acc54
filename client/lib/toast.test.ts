import { describe, expect, it, vi } from 'vitest';
import { connectToaster, isToasterWanted, subscribeToasterWanted, toast } from './toast';

type Sonner = Parameters<typeof connectToaster>[0];

describe('toast before and after the toaster has loaded', () => {
  it('keeps toasts raised before the toaster is ready, shows them in order once it is, then passes new ones on', () => {
    const wanted = vi.fn();
    const unsubscribe = subscribeToasterWanted(wanted);
    expect(isToasterWanted()).toBe(false);

    toast.error('Rate Limited', { description: 'Wait a minute' });
    toast.success('Joined chat successfully');
    expect(isToasterWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);

    const sonner = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
    const disconnect = connectToaster(sonner as unknown as Sonner);
    expect(sonner.error).toHaveBeenCalledWith('Rate Limited', { description: 'Wait a minute' });
    expect(sonner.success).toHaveBeenCalledWith('Joined chat successfully', undefined);
    expect(sonner.error.mock.invocationCallOrder[0]).toBeLessThan(sonner.success.mock.invocationCallOrder[0] ?? 0);

    toast.warning('Careful');
    expect(sonner.warning).toHaveBeenCalledWith('Careful', undefined);

    // Unmounted (StrictMode mounts twice): toasts wait again until the toaster is back.
    disconnect();
    toast.error('While away');
    expect(sonner.error).toHaveBeenCalledTimes(1);
    const again = { error: vi.fn(), success: vi.fn(), warning: vi.fn() };
    connectToaster(again as unknown as Sonner);
    expect(again.error).toHaveBeenCalledWith('While away', undefined);
    expect(wanted).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
