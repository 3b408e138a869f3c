import { createStore } from 'jotai';

/** The app's one jotai store, so atoms can also be read outside React (route loaders, sockets). */
export const store = createStore();
