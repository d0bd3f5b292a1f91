import * as React from 'react';

const noSubscription = () => () => {};
const notHydrating = () => false;
const whileHydrating = () => true;

/**
 * True during the server render and while React hydrates server markup (React reads the server
 * snapshot then); false in any render after hydration or without server markup (a client
 * navigation). Nothing changes it, so it subscribes to nothing.
 */
export const useHydrating = (): boolean => React.useSyncExternalStore(noSubscription, notHydrating, whileHydrating);
