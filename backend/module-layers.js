// @ts-check
// Import boundaries of the backend (docs/adding-an-endpoint.md, "Where a folder may import
// from"): for each top-level folder of backend/src, the folders its files may import. The map
// must stay acyclic and name every folder, or loading the lint configuration fails; the lint
// rule then keeps every import inside it, so the folders never import each other in a circle.
const { readdirSync } = require('node:fs');

/** What every folder but these three stands on; they import no domain folder. */
const BASE = ['config', 'common', 'infrastructure'];

const MAY_IMPORT = {
  config: [],
  common: ['config'],
  infrastructure: ['config', 'common'],
  // The domain events' contract and outbox, once review-events/ is split (issue 41).
  events: BASE,
  mail: BASE,
  spa: BASE,
  cli: BASE,
  openapi: BASE,
  ratings: BASE,
  users: [...BASE, 'cli', 'events'],
  auth: [...BASE, 'mail', 'spa', 'users'],
  health: [...BASE, 'auth'],
  blogs: [...BASE, 'auth'],
  services: [...BASE, 'auth', 'events', 'ratings'],
  invitations: [...BASE, 'auth', 'events', 'mail', 'services'],
  reviews: [...BASE, 'auth', 'cli', 'events', 'invitations', 'ratings', 'services', 'users'],
  // Screening of reviews and authors, once review-events/ is split; reviews/ may not import it.
  moderation: [...BASE, 'events', 'reviews'],
  audit: [...BASE, 'events', 'users'],
  admin: [...BASE, 'audit', 'auth', 'events', 'reviews', 'services', 'users'],
  appeals: [...BASE, 'admin', 'auth', 'events', 'reviews'],
  reports: [...BASE, 'admin', 'auth', 'events', 'reviews', 'users'],
  notifications: [...BASE, 'auth', 'events', 'mail', 'users'],
  accounts: [...BASE, 'auth', 'events', 'mail', 'notifications', 'reports', 'reviews', 'users'],
  contact: [...BASE, 'auth', 'events', 'mail', 'notifications', 'users'],
  crawlers: [...BASE, 'blogs', 'services'],
  profiles: [...BASE, 'auth', 'reviews', 'users'],
  replies: [...BASE, 'auth', 'events', 'reviews', 'services'],
  transparency: [...BASE, 'auth', 'events', 'reviews', 'services'],
  seed: [...BASE, 'auth', 'blogs', 'cli', 'ratings', 'reviews', 'services', 'users'],
  // The worker's jobs and the events' handlers: above every domain it runs.
  worker: [
    ...BASE,
    'audit',
    'auth',
    'events',
    'invitations',
    'moderation',
    'notifications',
    'reports',
    'reviews',
    'services',
    'transparency',
  ],
  // TEMPORARY, until its split into events/, moderation/ and worker/; see below.
  'review-events': BASE,
};

// TEMPORARY, until review-events/ is split into events/, moderation/ and worker/ (issue 41): the
// imports of review-events/ and from it that the lint rule allows today. They are left out of the
// cycle check, since review-events/ imports the handlers' folders, which import it. Delete this
// (and the 'review-events' entry above) with the split.
const UNTIL_EVENTS_SPLIT = {
  'review-events': [
    'audit',
    'notifications',
    'reports',
    'reviews',
    'services',
    'transparency',
    'worker',
  ],
  ...Object.fromEntries(
    [
      'accounts',
      'admin',
      'appeals',
      'audit',
      'contact',
      'invitations',
      'notifications',
      'replies',
      'reports',
      'reviews',
      'services',
      'transparency',
      'users',
      'worker',
    ].map((folder) => [folder, ['review-events']]),
  ),
};

/** A cycle of `graph` as `a -> b -> a`, or undefined when it has none. */
function findCycle(graph) {
  const done = new Set();
  const path = [];
  const visit = (folder) => {
    if (path.includes(folder)) return [...path.slice(path.indexOf(folder)), folder];
    if (done.has(folder)) return undefined;
    path.push(folder);
    for (const imported of graph[folder]) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    path.pop();
    done.add(folder);
    return undefined;
  };
  for (const folder of Object.keys(graph)) {
    const cycle = visit(folder);
    if (cycle) return cycle.join(' -> ');
  }
  return undefined;
}

/** Throws when the map names an unknown folder, misses one of `folders` or has a cycle. */
function checkLayers(folders) {
  const where = 'backend/module-layers.js';
  for (const [folder, imports] of [
    ...Object.entries(MAY_IMPORT),
    ...Object.entries(UNTIL_EVENTS_SPLIT),
  ]) {
    const unknown = [folder, ...imports].filter((name) => !(name in MAY_IMPORT));
    if (unknown.length > 0) throw new Error(`${where}: no entry for ${unknown.join(', ')}`);
  }
  const unplaced = folders.filter((folder) => !(folder in MAY_IMPORT));
  if (unplaced.length > 0) {
    throw new Error(
      `${where}: backend/src/${unplaced.join(', backend/src/')} has no entry; add it with the folders it may import`,
    );
  }
  const cycle = findCycle(MAY_IMPORT);
  if (cycle) throw new Error(`${where}: the folders import each other in a circle: ${cycle}`);
}

/**
 * `import-x/no-restricted-paths` zones: each folder of `src` (a path relative to the lint
 * configuration) may import only the folders the map allows it, and no folder may import the
 * files at the top of `src` (the entry points and the app's and worker's modules).
 */
function moduleZones(src, absoluteSrc) {
  const folders = readdirSync(absoluteSrc, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  checkLayers(folders);
  return [
    ...Object.keys(MAY_IMPORT).map((folder) => {
      const allowed = [...MAY_IMPORT[folder], ...(UNTIL_EVENTS_SPLIT[folder] ?? [])];
      const forbidden = Object.keys(MAY_IMPORT).filter(
        (other) => other !== folder && !allowed.includes(other),
      );
      const may = allowed.length > 0 ? `only ${allowed.join(', ')}` : 'no other folder';
      return {
        target: `${src}/${folder}`,
        from: forbidden.map((other) => `${src}/${other}`),
        message: `backend/src/${folder} may import ${may} (backend/module-layers.js).`,
      };
    }),
    {
      target: Object.keys(MAY_IMPORT).map((folder) => `${src}/${folder}`),
      from: `${src}/*.ts`,
      message: 'The files at the top of backend/src compose the app; nothing imports them.',
    },
  ];
}

module.exports = { moduleZones };
