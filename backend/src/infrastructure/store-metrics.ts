import type { Connection } from 'mongoose';
import {
  storeCommandDuration,
  storePoolConnections,
  storePoolInUse,
  storePoolWaiters,
} from '../common/metrics/metrics';

/** Commands' durations from the driver's command monitoring, by command name only. */
function observeCommand(event: { commandName: string; duration: number }): void {
  storeCommandDuration.labels(event.commandName).observe(event.duration / 1000);
}

/**
 * Feeds the store's figures from the MongoDB driver's own events (the connection is made with
 * `monitorCommands`): command durations, and its pool's connections, those in use and the
 * commands waiting for one. Called as the connection is created, before it connects, so the
 * pool's first connections are counted too.
 */
export function watchStore(connection: Connection): void {
  const client = connection.getClient();
  client.on('commandSucceeded', observeCommand);
  client.on('commandFailed', observeCommand);
  client.on('connectionCreated', () => storePoolConnections.inc());
  client.on('connectionClosed', () => storePoolConnections.dec());
  client.on('connectionCheckOutStarted', () => storePoolWaiters.inc());
  client.on('connectionCheckOutFailed', () => storePoolWaiters.dec());
  client.on('connectionCheckedOut', () => {
    storePoolWaiters.dec();
    storePoolInUse.inc();
  });
  client.on('connectionCheckedIn', () => storePoolInUse.dec());
}
