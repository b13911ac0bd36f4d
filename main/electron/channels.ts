// IPC channel names, shared by the main process and the preload (which must stay free of
// everything else the main process imports).
export const methodChannel = (method: string) => `tillsync:${method}`;
export const eventChannel = (event: string) => `tillsync:event:${event}`;
