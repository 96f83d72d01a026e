/**
 * `make backup`: every collection and Redis's queued jobs of `make run`'s storage (or of
 * MONGO_URL / REDIS_URL) into BACKUP_DIR, by default backups/<UTC time>/.
 */
import { join } from 'node:path';
import { backUp } from './backup/back-up';
import { BackupError } from './backup/format';
import { backupTarget } from './backup/storage-urls';
import { displayPath, repoRoot } from './storage/paths';

const dir =
  process.env.BACKUP_DIR ||
  join(repoRoot, 'backups', new Date().toISOString().replace(/[:.]/g, '-'));

backUp(backupTarget(), dir).then(
  (manifest) => {
    const documents = Object.values(manifest.collections).reduce((sum, n) => sum + n, 0);
    console.log(
      `Backed up ${documents} documents in ${Object.keys(manifest.collections).length} collections and ${manifest.redisKeys} queue keys (${manifest.consistency}) to ${displayPath(dir)}.`,
    );
  },
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
