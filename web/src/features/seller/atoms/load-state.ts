/** Where a screen's list stands: 'loading' and 'failed' only until it has loaded once. */
export type LoadState = 'idle' | 'loading' | 'ready' | 'failed';
