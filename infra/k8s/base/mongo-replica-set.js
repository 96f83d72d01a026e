/* global rs, print */
// Initiates the replica set rs0 of the StatefulSet `mongo` once; a no-op when it is initiated.
// Run by the Job `mongo-replica-set` (mongo.yaml) against mongo-0.
const members = [0, 1, 2].map((i) => ({ _id: i, host: `mongo-${i}.mongo:27017` }));
try {
  rs.status();
  print('rs0 is already initiated');
} catch (error) {
  if (error.codeName !== 'NotYetInitialized') throw error;
  rs.initiate({ _id: 'rs0', members });
  print('rs0 initiated');
}
