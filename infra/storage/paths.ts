import { resolve } from 'node:path';

export const repoRoot = resolve(__dirname, '..', '..');
