// IPC channel names, shared by the main process and the preload (which must stay free of
// everything else the main process imports).
export const methodChannel = (method: string) => `tillsync:${method}`;
export const eventChannel = (event: string) => `tillsync:event:${event}`;
/** The desktop's own printing (not part of the contract: only the desktop app prints so). */
export const PRINT_CHANNEL = 'tillsync:desktop:print';
