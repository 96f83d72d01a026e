/**
 * `make restore BACKUP_DIR=backups/<time>`: loads a backup into `make run`'s storage (or
 * MONGO_URL / REDIS_URL), which must hold no documents; stop the API and the worker first.
 */
import { BackupError } from './backup/format';
import { restore } from './backup/restore';
import { backupTarget } from './backup/storage-urls';
import { displayPath } from './storage/paths';

const dir = process.env.BACKUP_DIR;
if (!dir) {
  console.error('Name the backup to restore: make restore BACKUP_DIR=backups/<time>.');
  process.exit(2);
}

restore(backupTarget(), dir).then(
  (manifest) => {
    console.log(
      `Restored ${Object.keys(manifest.collections).length} collections and ${manifest.redisKeys} queue keys from ${displayPath(dir)} (taken ${manifest.createdAt}). Start the app: it creates the indexes and rebuilds the review timelines.`,
    );
  },
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exit(1);
  },
);
